import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { RECORDING_NOTE } from '@/shared/messages';
import { formatDateTime, formatScore } from '@/shared/format';
import { recordingNotes } from '../recording/recording-notes';

interface RecordingRow {
  date: string;
  checked: boolean;
  total: number | null;
  maxTotal: number | null;
  interrupted?: boolean;
  late?: boolean;
  afterClose?: boolean;
  overAttempts?: boolean;
}

/**
 * The line under a recording's name: when it came, how when that matters (cut short, after the
 * exam closed or was withdrawn, beyond the attempts) and, with `withScore`, the grade's total
 * once graded.
 */
export function recordingSecondary(a: Omit<RecordingRow, 'checked'>, withScore = false): string {
  const parts: string[] = [formatDateTime(a.date)];
  for (const note of recordingNotes(a)) parts.push(RECORDING_NOTE[note]);
  if (withScore && a.total !== null && a.maxTotal !== null) {
    parts.push(`Баллы: ${formatScore(a.total, a.maxTotal)}`);
  }
  return parts.join(' · ');
}

/**
 * A student's recording as a linked row: its date and notes under the name, 'Проверено' once
 * checked and the grade's total beside it once graded.
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
