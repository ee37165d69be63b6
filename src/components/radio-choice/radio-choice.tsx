import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

/** A labelled row of radio buttons choosing one of `options` ('' while none is chosen); `error` marks it. */
export function RadioChoice<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  disabled,
  error,
}: {
  label: string;
  name?: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <FormControl disabled={disabled} error={error !== undefined}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={error !== undefined ? errorId : undefined}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {error !== undefined && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
