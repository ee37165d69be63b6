import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Criterion, FileDto, TaskQuestion } from '@/shared/contract/teacher';
import { formatDuration, pointsWord } from '@/shared/format';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { Page } from '@/components/layout/page';
import { isRichTextEmpty, RichTextView } from '@/components/rich-text/rich-text-view';
import { MODEL_ANSWER_TEXT, ModelAnswerView } from '@/components/recording/model-answers';
import { TaskMedia } from '@/components/task-media/task-media';
import { useTask } from '../api/get-task';
import { TASK_TYPE_LABEL } from '../task-type';
import { TaskDialog } from './task-dialog';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

function CriteriaList({ criteria }: { criteria: Criterion[] }) {
  const max = criteria.reduce((sum, c) => sum + c.maxPoints, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="task-criteria-title">
      <Typography id="task-criteria-title" variant="subtitle1" component="h2">
        Критерии оценивания
      </Typography>
      {criteria.length === 0 ? (
        <Typography color="text.secondary">
          Не заданы: ответы на это задание не оцениваются баллами.
        </Typography>
      ) : (
        <>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {criteria.map((c, i) => (
              <li key={i}>
                {c.name} — до {c.maxPoints} {pointsWord(c.maxPoints)}
              </li>
            ))}
          </Box>
          <Typography color="text.secondary">
            Всего: {max} {pointsWord(max)}
          </Typography>
        </>
      )}
    </Paper>
  );
}

/** Which audio plays on the page: one of the task's files, or a question's (by its place). */
type Playing = { file: number } | { question: number } | null;

function QuestionsList({
  questions,
  playing,
  onPlay,
}: {
  questions: TaskQuestion[];
  playing: Playing;
  onPlay: (question: number) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="task-questions-title">
      <Typography id="task-questions-title" variant="subtitle1" component="h2">
        Вопросы
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 3 }}>
        {questions.map((q, i) => {
          const files: FileDto[] = q.file ? [q.file] : [];
          return (
            <li key={i} data-testid="task-question-detail">
              <Typography>
                {q.text ?? (
                  <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                    Без текста
                  </Box>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Время на ответ: {formatDuration(q.answerSeconds)}
                {q.file ? '' : ' · без аудио'}
              </Typography>
              <TaskMedia
                files={files}
                playingId={
                  playing && 'question' in playing && playing.question === i ? (q.file?.id ?? null) : null
                }
                onPlay={() => onPlay(i)}
              />
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** /teacher/tasks/{id}: the task as the student gets it, and its edit dialog. */
export function TaskDetail({ id }: { id: number }) {
  const { data: task } = useTask(id);
  const [editing, setEditing] = useState(false);
  const [playing, setPlaying] = useState<Playing>(null);
  // A task cached before questions existed has none.
  const questions = task.questions ?? [];
  return (
    <Page
      title={task.name}
      actions={
        <>
          <BackToListButton to="/teacher/tasks" />
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Редактировать
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Fact label="Тип" value={TASK_TYPE_LABEL[task.type]} />
          <Fact label="Время на подготовку" value={formatDuration(task.preparationDuration)} />
          <Fact label="Время на ответ" value={formatDuration(task.duration)} />
          {questions.length > 0 && <Fact label="Вопросов" value={String(questions.length)} />}
        </Stack>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <RichTextView html={task.text} label="Текст задания" />
          {isRichTextEmpty(task.text) && (
            <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
              Текст не задан
            </Typography>
          )}
        </Paper>
        <TaskMedia
          files={task.files}
          playingId={playing && 'file' in playing ? playing.file : null}
          onPlay={(f) => setPlaying({ file: f.id })}
        />
        {questions.length > 0 && (
          <QuestionsList
            questions={questions}
            playing={playing}
            onPlay={(i) => setPlaying({ question: i })}
          />
        )}
        <CriteriaList criteria={task.criteria} />
        {task.modelAnswer && (
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-labelledby="task-model-answer-title"
          >
            <Typography id="task-model-answer-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {MODEL_ANSWER_TEXT}
            </Typography>
            <ModelAnswerView answer={task.modelAnswer} />
          </Paper>
        )}
      </Stack>
      {editing && <TaskDialog task={task} onClose={() => setEditing(false)} />}
    </Page>
  );
}
