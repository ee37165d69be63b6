import Chip from '@mui/material/Chip';
import { formatDateTime } from '../../shared/format';

interface RecordingRow {
  date: string;
  checked: boolean;
}

/** A student's recording as a linked row: its date and time under the name, 'Проверено' once checked. */
export const RECORDING_ROW = {
  secondary: (a: RecordingRow) => formatDateTime(a.date),
  trailing: (a: RecordingRow) => a.checked && <Chip size="small" color="success" label="Проверено" />,
};
