import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModelAnswer, VariantDto } from '@/shared/contract/teacher';
import { useOfflineMedia } from '@/lib/offline-media';
import { isRichTextEmpty, RichTextView } from '@/components/rich-text/rich-text-view';

export const MODEL_ANSWER_TEXT = 'Образец ответа';

/** One task's model answer: its text and its audio (kept for offline use once seen online). */
export function ModelAnswerView({ answer }: { answer: ModelAnswer }) {
  useOfflineMedia(answer.file?.access);
  return (
    <Stack spacing={1}>
      {answer.text && !isRichTextEmpty(answer.text) && (
        <RichTextView html={answer.text} label={MODEL_ANSWER_TEXT} />
      )}
      {answer.file && (
        <Box
          component="audio"
          controls
          preload="none"
          src={answer.file.access}
          aria-label={`${MODEL_ANSWER_TEXT}: ${answer.file.name}`}
          sx={{ width: '100%', maxWidth: 480 }}
        />
      )}
    </Stack>
  );
}

/**
 * The model answers of a variant's tasks, task by task ('Задание N. …' then 'Образец ответа');
 * nothing when no task has one. The caller decides who may see them.
 */
export function ModelAnswers({ variant }: { variant: VariantDto | null | undefined }) {
  const withAnswers = (variant?.tasks ?? []).filter((vt) => vt.task.modelAnswer);
  if (withAnswers.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mt: 3 }} data-testid="model-answers">
      {withAnswers.map((vt) => (
        <Paper
          key={vt.id}
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-label={`${MODEL_ANSWER_TEXT}: задание ${vt.sequence_number + 1}`}
        >
          <Typography variant="subtitle1" component="h3">
            Задание {vt.sequence_number + 1}. {vt.task.name}
          </Typography>
          <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 1 }}>
            {MODEL_ANSWER_TEXT}
          </Typography>
          <ModelAnswerView answer={vt.task.modelAnswer as ModelAnswer} />
        </Paper>
      ))}
    </Stack>
  );
}
