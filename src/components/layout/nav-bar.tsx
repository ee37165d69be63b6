import AccountCircle from '@mui/icons-material/AccountCircle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createLink, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const LinkButton = createLink(Button);
const LinkIconButton = createLink(IconButton);

export interface NavItem {
  label: string;
  to: string;
}

/** A link is active when the path starts with its path; the root link never is. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return to !== '/' && (pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`));
}

export function NavBar({
  items,
  profileTo,
  extra,
}: {
  items: NavItem[];
  profileTo: string;
  extra?: ReactNode;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="span" sx={{ mr: 2, fontWeight: 700 }}>
          Устно
        </Typography>
        <Box
          component="nav"
          aria-label="Основное меню"
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flex: 1 }}
        >
          {items.map((item) => {
            const active = isNavItemActive(pathname, item.to);
            return (
              <LinkButton
                key={item.label}
                to={item.to}
                color="inherit"
                aria-current={active ? 'page' : undefined}
                sx={{
                  fontWeight: active ? 700 : 400,
                  borderBottom: 2,
                  borderColor: active ? 'common.white' : 'transparent',
                  borderRadius: 0,
                }}
              >
                {item.label}
              </LinkButton>
            );
          })}
        </Box>
        {extra}
        <LinkIconButton to={profileTo} color="inherit" aria-label="Профиль">
          <AccountCircle />
        </LinkIconButton>
      </Toolbar>
    </AppBar>
  );
}
