import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDuration } from '@/shared/format';
import { EMPTY_LIST_TEXT } from '@/components/paged-list/paged-list';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { Page } from '@/components/layout/page';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { TaskMedia } from '@/components/task-media/task-media';
import { useVariant } from '../api/get-variant';
import { VariantDialog } from './variant-dialog';

const RouterLink = createLink(Link);

/** The audio file now playing: which entry of the variant, and which of its files. */
interface Playing {
  entryId: number;
  fileId: number;
}

/**
 * /teacher/variants/{id}: the tasks in the order the student takes them, each with its
 * durations, text, images and audio files (a click plays one in the waveform player).
 */
export function VariantDetail({ id }: { id: number }) {
  const { data: variant } = useVariant(id);
  const [editing, setEditing] = useState(false);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const entries = [...variant.tasks].sort((a, b) => a.sequence_number - b.sequence_number);
  return (
    <Page
      title={variant.name}
      actions={
        <>
          <BackToListButton to="/teacher/variants" />
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Редактировать вариант
          </Button>
        </>
      }
    >
      {entries.length === 0 ? (
        <Typography color="text.secondary">{EMPTY_LIST_TEXT}</Typography>
      ) : (
        <Stack
          spacing={2}
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Задания варианта"
        >
          {entries.map((entry) => (
            <Card key={entry.id} variant="outlined" component="li" data-testid="variant-task">
              <CardContent>
                <Stack spacing={1.5}>
                  <Box>
                    <Typography variant="overline" color="text.secondary">
                      Задание №{entry.sequence_number + 1}
                    </Typography>
                    <Typography variant="h6" component="h2">
                      <RouterLink to="/teacher/tasks/$id" params={{ id: entry.task.id }}>
                        {entry.task.name}
                      </RouterLink>
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Время на ответ: {formatDuration(entry.task.duration)} · Время на подготовку:{' '}
                      {formatDuration(entry.task.preparationDuration)}
                      {/* A task cached before questions existed has none. */}
                      {(entry.task.questions?.length ?? 0) > 0 &&
                        ` · Вопросов: ${entry.task.questions.length}`}
                    </Typography>
                  </Box>
                  <RichTextView html={entry.task.text} label={`Текст задания ${entry.sequence_number + 1}`} />
                  <TaskMedia
                    files={entry.task.files}
                    playingId={playing?.entryId === entry.id ? playing.fileId : null}
                    onPlay={(file) => setPlaying({ entryId: entry.id, fileId: file.id })}
                  />
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {editing && <VariantDialog variant={variant} onClose={() => setEditing(false)} />}
    </Page>
  );
}
