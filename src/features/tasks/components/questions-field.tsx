import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  QUESTION_ANSWER_MAX_SECONDS,
  QUESTION_ANSWER_MIN_SECONDS,
  QUESTION_TEXT_MAX,
  TASK_QUESTIONS_MAX,
  type FileDto,
} from '@/shared/contract/teacher';
import { useAudioFileChoices } from '../api/list-file-choices';
import {
  type QuestionDraft,
  type QuestionErrors,
  withQuestionAdded,
  withQuestionChanged,
  withQuestionMoved,
  withQuestionRemoved,
} from '../model/question-drafts';
import { DurationField } from './duration-field';

/** The native select's value for 'Без аудио'. */
const NO_AUDIO = '';

/** The audio files to choose from: the teacher's, and any a question already has (read with the task). */
function audioOptions(choices: FileDto[] | undefined, known: readonly FileDto[]): FileDto[] {
  const byId = new Map<number, FileDto>();
  for (const f of [...(choices ?? []), ...known]) if (!byId.has(f.id)) byId.set(f.id, f);
  return [...byId.values()];
}

/** What the audio choice says under it while its list is not there or is empty. */
function audioHelper(query: { isPending: boolean; isError: boolean; data?: FileDto[] }): string | undefined {
  if (query.isError) return 'Не удалось загрузить список аудиофайлов';
  if (query.isPending) return 'Загрузка аудиофайлов…';
  if (query.data?.length === 0) return 'Аудиофайлов пока нет: загрузите их в разделе «Файлы»';
  return undefined;
}

/**
 * The task's questions, asked in order after the preparation: add, remove, reorder; each with an
 * optional text, an audio file of the teacher's ('Без аудио' allowed) and its own answer time.
 * `errors` are the contract's findings, shown under their fields; `knownFiles` are the files the
 * questions had when the task was read (kept choosable whatever the list holds).
 */
export function QuestionsField({
  value,
  onChange,
  errors,
  knownFiles = [],
}: {
  value: QuestionDraft[];
  onChange: (value: QuestionDraft[]) => void;
  errors?: QuestionErrors[];
  knownFiles?: readonly FileDto[];
}) {
  const baseId = useId();
  const audio = useAudioFileChoices();
  const options = audioOptions(audio.data, knownFiles);
  const helper = audioHelper(audio);
  const change = (index: number, patch: Partial<Omit<QuestionDraft, 'key'>>) =>
    onChange(withQuestionChanged(value, index, patch));

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Вопросы
      </Typography>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Без вопросов ученик отвечает на задание целиком. Вопросы звучат по очереди после подготовки, и на
          каждый дается свое время.
        </Typography>
      )}
      {value.map((d, i) => {
        const n = i + 1;
        const e = errors?.[i] ?? {};
        const titleId = `${baseId}-${d.key}`;
        return (
          <Paper
            key={d.key}
            variant="outlined"
            role="group"
            aria-labelledby={titleId}
            sx={{ p: 1.5, minWidth: 0 }}
            data-testid="task-question"
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Typography id={titleId} variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                Вопрос {n}
              </Typography>
              <IconButton
                aria-label={`Поднять вопрос ${n}`}
                disabled={i === 0}
                onClick={() => onChange(withQuestionMoved(value, i, -1))}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Опустить вопрос ${n}`}
                disabled={i === value.length - 1}
                onClick={() => onChange(withQuestionMoved(value, i, 1))}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Удалить вопрос ${n}`}
                onClick={() => onChange(withQuestionRemoved(value, i))}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              <TextField
                label={`Текст вопроса ${n}`}
                size="small"
                multiline
                minRows={1}
                value={d.text}
                onChange={(ev) => change(i, { text: ev.target.value })}
                error={Boolean(e.text)}
                helperText={e.text ?? 'Необязательно: ученик видит его, пока звучит вопрос'}
                slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX } }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
                <TextField
                  select
                  size="small"
                  label={`Аудио вопроса ${n}`}
                  value={d.fileId === null ? NO_AUDIO : String(d.fileId)}
                  onChange={(ev) =>
                    change(i, { fileId: ev.target.value === NO_AUDIO ? null : Number(ev.target.value) })
                  }
                  error={Boolean(e.fileId)}
                  helperText={e.fileId ?? helper}
                  sx={{ flex: 2, minWidth: 0 }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value={NO_AUDIO}>Без аудио</option>
                  {options.map((f) => (
                    <option key={f.id} value={String(f.id)}>
                      {f.name}
                    </option>
                  ))}
                </TextField>
                <DurationField
                  label={`Время на ответ на вопрос ${n}, сек`}
                  name={`question-${n}-answerSeconds`}
                  value={d.answerSeconds}
                  onChange={(answerSeconds) => change(i, { answerSeconds })}
                  min={QUESTION_ANSWER_MIN_SECONDS}
                  max={QUESTION_ANSWER_MAX_SECONDS}
                  error={Boolean(e.answerSeconds)}
                  helperText={e.answerSeconds}
                />
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        disabled={value.length >= TASK_QUESTIONS_MAX}
        onClick={() => onChange(withQuestionAdded(value))}
        sx={{ alignSelf: 'flex-start' }}
      >
        Добавить вопрос
      </Button>
    </Stack>
  );
}
