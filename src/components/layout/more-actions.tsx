import MoreVert from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import { usePhoneLayout } from './use-phone-layout';

/** One of a page's actions besides its main one. */
export interface MoreAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Working (a download): a spinner on the button, the menu item disabled. */
  busy?: boolean;
}

/**
 * A page's secondary actions: outlined buttons where there is room, and on a phone one menu
 * ('Еще'), so that they do not take half the screen. The caller places the main action.
 */
export function MoreActions({ actions }: { actions: MoreAction[] }) {
  const phone = usePhoneLayout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  if (!phone) {
    return actions.map((action) => (
      <Button
        key={action.label}
        variant="outlined"
        startIcon={action.icon}
        disabled={action.disabled}
        loading={action.busy}
        onClick={action.onClick}
      >
        {action.label}
      </Button>
    ));
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreVert />}
        aria-label="Еще: другие действия"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Еще
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled || action.busy}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
