import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { createLink, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OutlinedList } from './outlined-list';

const ListItemLink = createLink(ListItemButton);

export interface LinkedRowsProps<T> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  link: (item: T) => LinkOptions;
  rowTestId?: string;
  icon?: (item: T) => ReactNode;
  secondary?: (item: T) => ReactNode;
  trailing?: (item: T) => ReactNode;
  onDelete?: (item: T) => void;
  deleteDisabled?: (item: T) => boolean;
}

/**
 * A page of named rows, each a link to the item's own page: an optional icon before the name, an
 * optional line under it and something after it, and, given `onDelete`, a delete button at the
 * row's end (labelled 'Удалить <name>').
 */
export function LinkedRows<T extends { id: number; name: string }>({
  label,
  items,
  link,
  rowTestId,
  icon,
  secondary,
  trailing,
  onDelete,
  deleteDisabled,
}: LinkedRowsProps<T>) {
  return (
    <OutlinedList label={label}>
      {items.map((item) => (
        <ListItem
          key={item.id}
          divider
          disablePadding
          data-testid={rowTestId}
          secondaryAction={
            onDelete && (
              <IconButton
                edge="end"
                aria-label={`Удалить ${item.name}`}
                onClick={() => onDelete(item)}
                disabled={deleteDisabled?.(item)}
              >
                <DeleteIcon />
              </IconButton>
            )
          }
        >
          {/* What trails the name goes under it on a narrow screen instead of squeezing the name
              to a word a line. */}
          <ListItemLink {...link(item)} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
            {icon && <ListItemIcon>{icon(item)}</ListItemIcon>}
            <ListItemText
              primary={item.name}
              secondary={secondary?.(item)}
              sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
            />
            {trailing?.(item)}
          </ListItemLink>
        </ListItem>
      ))}
    </OutlinedList>
  );
}
