import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAGE_SIZE_OPTIONS } from '@/shared/pager';

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <TextField
      select
      size="small"
      label="На странице"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 140 }}
    >
      {PAGE_SIZE_OPTIONS.map((size) => (
        <MenuItem key={size} value={size}>
          {size}
        </MenuItem>
      ))}
    </TextField>
  );
}
