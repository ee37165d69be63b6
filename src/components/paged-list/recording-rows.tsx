import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { RECORDING_NOTE } from '@/shared/messages';
import { formatDateTime, formatDuration, formatScore } from '@/shared/format';
import { recordingNotes } from '../recording/recording-notes';

interface RecordingRow {
  date: string;
  checked: boolean;
  total: number | null;
  maxTotal: number | null;
  /** Absent from answers cached before rows carried them. */
  attempt?: number;
  duration?: number;
  interrupted?: boolean;
  late?: boolean;
  afterClose?: boolean;
  overAttempts?: boolean;
}

/**
 * The line under a recording's name, what tells one attempt from another (every attempt of an
 * exam has the same name): which attempt it is ('Попытка 2'), when it came, how long it is, how
 * it came when that matters (cut short, after the exam closed or was withdrawn, beyond the
 * attempts) and, with `withScore`, the grade's total once graded.
 */
export function recordingSecondary(a: Omit<RecordingRow, 'checked'>, withScore = false): string {
  const parts: string[] = [];
  if (a.attempt !== undefined) parts.push(`Попытка ${a.attempt}`);
  parts.push(formatDateTime(a.date));
  if (a.duration !== undefined) parts.push(formatDuration(a.duration));
  for (const note of recordingNotes(a)) parts.push(RECORDING_NOTE[note]);
  if (withScore && a.total !== null && a.maxTotal !== null) {
    parts.push(`Баллы: ${formatScore(a.total, a.maxTotal)}`);
  }
  return parts.join(' · ');
}

/**
 * A student's recording as a linked row: its attempt, date, length and notes under the name,
 * 'Проверено' once checked and the grade's total beside it once graded.
 */
export const RECORDING_ROW = {
  secondary: (a: RecordingRow) => recordingSecondary(a),
  trailing: (a: RecordingRow) =>
    (a.checked || a.total !== null) && (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {a.total !== null && a.maxTotal !== null && (
          <Chip size="small" variant="outlined" label={`Баллы: ${formatScore(a.total, a.maxTotal)}`} />
        )}
        {a.checked && <Chip size="small" color="success" label="Проверено" />}
      </Stack>
    ),
};
