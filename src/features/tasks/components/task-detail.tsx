import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Criterion } from '@/shared/contract/teacher';
import { formatDuration, pointsWord } from '@/shared/format';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { Page } from '@/components/layout/page';
import { isRichTextEmpty, RichTextView } from '@/components/rich-text/rich-text-view';
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

/** /teacher/tasks/{id}: the task as the student gets it, and its edit dialog. */
export function TaskDetail({ id }: { id: number }) {
  const { data: task } = useTask(id);
  const [editing, setEditing] = useState(false);
  const [playingId, setPlayingId] = useState<number | null>(null);
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
        </Stack>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <RichTextView html={task.text} label="Текст задания" />
          {isRichTextEmpty(task.text) && (
            <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
              Текст не задан
            </Typography>
          )}
        </Paper>
        <TaskMedia files={task.files} playingId={playingId} onPlay={(f) => setPlayingId(f.id)} />
        <CriteriaList criteria={task.criteria} />
      </Stack>
      {editing && <TaskDialog task={task} onClose={() => setEditing(false)} />}
    </Page>
  );
}
