import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DURATION_MAX_SECONDS } from '@/shared/contract/teacher';
import { formatDuration } from '@/shared/format';

/** Parses a seconds field; '' (or anything that is not a number) is no value. */
export function parseSeconds(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A number of seconds, with its mm:ss beside it (00:00 while empty). */
export function DurationField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: 1, minWidth: 200 }}
      slotProps={{
        htmlInput: { min: 0, max: DURATION_MAX_SECONDS, step: 1, inputMode: 'numeric' },
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
