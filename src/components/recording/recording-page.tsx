import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ComponentProps, type ReactNode, useState } from 'react';
import type { RecordingFlags } from '@/shared/contract/teacher';
import { RECORDING_NOTE } from '@/shared/messages';
import { Page } from '../layout/page';
import { VariantOverlay } from '../variant-overlay';
import { OutlinedList } from '../paged-list/outlined-list';
import { type RecordingNote, recordingNotes } from './recording-notes';

type OverlayProps = ComponentProps<typeof VariantOverlay>;

const NOTE_SEVERITY: Record<RecordingNote, 'warning' | 'info'> = {
  interrupted: 'warning',
  late: 'info',
  afterClose: 'warning',
  overAttempts: 'warning',
};

const NOTE_DETAIL: Record<RecordingNote, string> = {
  interrupted: RECORDING_NOTE.interruptedDetail,
  late: RECORDING_NOTE.lateDetail,
  afterClose: RECORDING_NOTE.afterCloseDetail,
  overAttempts: RECORDING_NOTE.overAttemptsDetail,
};

/** A recording's page while there is no recording: not found, or still loading. */
export function RecordingMissing({ isError }: { isError: boolean }) {
  return (
    <Page title="Аудиозапись">
      {isError ? (
        <Alert severity="error">Аудиозапись не найдена</Alert>
      ) : (
        <CircularProgress aria-label="Загрузка" />
      )}
    </Page>
  );
}

/**
 * A recording's page: its name with 'Посмотреть вариант' (the variant over the page) while the
 * variant exists, the line `about` it, how it arrived when that matters (cut short, late, after
 * the exam closed, beyond the attempts), then
 * `children` (the player and the comments).
 */
export function RecordingPage({
  name,
  variant,
  renderTaskTitle,
  about,
  flags,
  children,
}: {
  name: string;
  variant: OverlayProps['variant'] | null | undefined;
  renderTaskTitle?: OverlayProps['renderTitle'];
  about: ReactNode;
  flags?: RecordingFlags;
  children: ReactNode;
}) {
  const [variantOpen, setVariantOpen] = useState(false);
  return (
    <Page
      title={name}
      actions={
        variant && (
          <Button variant="outlined" onClick={() => setVariantOpen(true)}>
            Посмотреть вариант
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {about}
      </Typography>
      {recordingNotes(flags ?? {}).map((note) => (
        <Alert key={note} severity={NOTE_SEVERITY[note]} sx={{ mb: 2 }}>
          <strong>{RECORDING_NOTE[note]}.</strong> {NOTE_DETAIL[note]}
        </Alert>
      ))}
      {children}
      {variant && (
        <VariantOverlay
          variant={variant}
          open={variantOpen}
          onClose={() => setVariantOpen(false)}
          renderTitle={renderTaskTitle}
        />
      )}
    </Page>
  );
}

/** What the comments list says before the teacher has written any. */
export const EMPTY_COMMENTS_TEXT = 'Комментариев пока нет';

/** The comments under the player: a heading that also names the list, then the rows or the empty text. */
export function CommentList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary">{EMPTY_COMMENTS_TEXT}</Typography>
      ) : (
        <OutlinedList label={title}>{children}</OutlinedList>
      )}
    </>
  );
}
