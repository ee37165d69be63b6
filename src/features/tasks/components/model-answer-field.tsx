import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FileDto } from '@/shared/contract/teacher';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { useAudioFileChoices } from '../api/list-file-choices';

/** The native select's value for 'Без аудио'. */
const NO_AUDIO = '';

export interface ModelAnswerDraft {
  /** Rich text; the editor's empty paragraph is none. */
  text: string;
  fileId: number | null;
}

/**
 * The task's model answer, which the student sees once their recording is checked: a rich text
 * 'Образец ответа' and an audio file of the teacher's ('Аудио образца', or 'Без аудио'). Both
 * optional. `knownFile` is the one the task had when read (kept choosable whatever the list holds).
 */
export function ModelAnswerField({
  value,
  onChange,
  knownFile,
}: {
  value: ModelAnswerDraft;
  onChange: (value: ModelAnswerDraft) => void;
  knownFile?: FileDto | null;
}) {
  const audio = useAudioFileChoices();
  const options = [...(audio.data ?? [])];
  if (knownFile && !options.some((f) => f.id === knownFile.id)) options.push(knownFile);
  const helper = audio.isError
    ? 'Не удалось загрузить список аудиофайлов'
    : audio.isPending
      ? 'Загрузка аудиофайлов…'
      : options.length === 0
        ? 'Аудиофайлов пока нет: загрузите их в разделе «Файлы»'
        : 'Необязательно: ученик услышит его, когда ответ будет проверен';
  return (
    <Stack spacing={1.5}>
      <RichTextEditor
        label="Образец ответа"
        initialValue={value.text}
        onChange={(text) => onChange({ ...value, text })}
      />
      <Typography variant="body2" color="text.secondary">
        Необязательно: ученик увидит образец под заданием, когда ответ будет проверен
      </Typography>
      <TextField
        select
        size="small"
        label="Аудио образца"
        value={value.fileId === null ? NO_AUDIO : String(value.fileId)}
        onChange={(ev) =>
          onChange({ ...value, fileId: ev.target.value === NO_AUDIO ? null : Number(ev.target.value) })
        }
        helperText={helper}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value={NO_AUDIO}>Без аудио</option>
        {options.map((f) => (
          <option key={f.id} value={String(f.id)}>
            {f.name}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
