import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OutlinedList } from './outlined-list';

/**
 * One page of a picker: a checkbox per item, labelled with its text (a click on the text
 * toggles it); `order` shows the place of a picked item when the order of picking matters.
 */
export function CheckList<T>({
  label,
  items,
  itemKey,
  itemLabel,
  itemDetail,
  isChecked,
  onToggle,
  order,
}: {
  label: string;
  items: T[];
  itemKey: (item: T) => number;
  itemLabel: (item: T) => string;
  itemDetail?: (item: T) => ReactNode;
  isChecked: (item: T) => boolean;
  onToggle: (item: T, checked: boolean) => void;
  order?: (item: T) => number | null;
}) {
  return (
    <OutlinedList label={label} dense>
      {items.map((item) => {
        const place = order?.(item) ?? null;
        return (
          <ListItem key={itemKey(item)} divider sx={{ py: 0 }} data-testid="check-item">
            <FormControlLabel
              sx={{ flex: 1, mr: 0, minWidth: 0 }}
              control={
                <Checkbox checked={isChecked(item)} onChange={(e) => onToggle(item, e.target.checked)} />
              }
              label={
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{itemLabel(item)}</Typography>
                  {itemDetail && (
                    <Typography variant="body2" color="text.secondary">
                      {itemDetail(item)}
                    </Typography>
                  )}
                </Box>
              }
            />
            {place !== null && (
              <Box
                data-testid="pick-order"
                title={`Порядковый номер ${place}`}
                sx={{
                  ml: 1,
                  minWidth: 28,
                  height: 28,
                  px: 0.5,
                  borderRadius: 14,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: 700,
                }}
              >
                {place}
              </Box>
            )}
          </ListItem>
        );
      })}
    </OutlinedList>
  );
}
