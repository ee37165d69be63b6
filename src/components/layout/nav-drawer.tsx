import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isNavItemActive, NAV_LABEL, type NavItem } from './nav-items';

const InstallAppAction = lazy(() => import('./install-app').then((m) => ({ default: m.InstallAppAction })));
const LinkListItemButton = createLink(ListItemButton);

/** The phone's menu: the links in a drawer, and the install action. */
export function NavDrawer({
  id,
  open,
  onClose,
  items,
  pathname,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  pathname: string;
}) {
  return (
    <Drawer id={id} open={open} onClose={onClose}>
      <Box component="nav" aria-label={NAV_LABEL} sx={{ width: 260 }}>
        <Typography variant="h6" component="p" sx={{ px: 2, py: 1.5, fontWeight: 700 }}>
          Устно
        </Typography>
        <List disablePadding>
          {items.map((item) => {
            const active = isNavItemActive(pathname, item.to);
            return (
              <LinkListItemButton
                key={item.label}
                to={item.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onClose}
                sx={{ minHeight: 48 }}
              >
                <ListItemText
                  primary={item.label}
                  slotProps={{ primary: { sx: { fontWeight: active ? 700 : 400 } } }}
                />
              </LinkListItemButton>
            );
          })}
        </List>
      </Box>
      <List disablePadding>
        <Suspense fallback={null}>
          <InstallAppAction variant="item" onDone={onClose} />
        </Suspense>
      </List>
    </Drawer>
  );
}
