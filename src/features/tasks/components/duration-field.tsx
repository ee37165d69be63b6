import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DURATION_MAX_SECONDS } from '@/shared/contract/teacher';
import { formatDuration } from '@/shared/format';
import { parseSeconds } from '../model/seconds';

export { parseSeconds };

/**
 * A number of seconds, with its mm:ss beside it (00:00 while empty). `readOnly` with a
 * `helperText` when the value is worked out from elsewhere; `error` marks the text as an error.
 */
export function DurationField({
  label,
  name,
  value,
  onChange,
  min = 0,
  max = DURATION_MAX_SECONDS,
  readOnly = false,
  helperText,
  error = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  readOnly?: boolean;
  helperText?: string;
  error?: boolean;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: 1, minWidth: 200 }}
      helperText={helperText}
      error={error}
      slotProps={{
        htmlInput: { min, max, step: 1, inputMode: 'numeric', readOnly },
        input: {
          endAdornment: (
            <InputAdornment position="end" data-testid={`${name}-mmss`}>
              {formatDuration(parseSeconds(value))}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
