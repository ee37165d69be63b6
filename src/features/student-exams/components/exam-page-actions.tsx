import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import { usePhoneLayout } from '@/components/layout/use-phone-layout';

/** One of the exam page's actions besides the main one. */
export interface ExamPageAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The exam page's actions: the main one always a button; the others beside it where there is
 * room, and on a phone in one menu ('Еще'), so that they do not take half the screen.
 */
export function ExamPageActions({ main, more = [] }: { main: ReactNode; more?: ExamPageAction[] }) {
  const phone = usePhoneLayout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (more.length === 0) return <>{main}</>;
  if (!phone) {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {more.map((action) => (
          <Button
            key={action.label}
            variant="outlined"
            startIcon={action.icon}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
        {main}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {main}
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
        {more.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
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
    </Box>
  );
}
