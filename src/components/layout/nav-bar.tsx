import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createLink, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useInstallOffer } from '@/lib/install-prompt';
import { isNavItemActive, NAV_LABEL, type NavItem } from './nav-items';
import { usePhoneLayout } from './use-phone-layout';

// The install offer (its dialog, tooltip and icons) loads only where the browser offers an install
// (or on iOS), after the bar draws: the landing page's download stays small.
const InstallAppAction = lazy(() => import('./install-app').then((m) => ({ default: m.InstallAppAction })));

function OfferedInstallAction() {
  const offer = useInstallOffer();
  if (offer.kind === 'none') return null;
  return (
    <Suspense fallback={null}>
      <InstallAppAction variant="icon" />
    </Suspense>
  );
}
// The phone's menu drawer (a modal, a list) loads when first opened.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

const LinkButton = createLink(Button);
const LinkIconButton = createLink(IconButton);

/** The links in a row, for screens wide enough to hold them. */
function InlineLinks({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <Box component="nav" aria-label={NAV_LABEL} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flex: 1 }}>
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
  );
}

/** On a phone: a menu button opening the links in a drawer, and the current section's name. */
function MenuLinks({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  // The drawer's code loads on the first tap (it stays mounted after, for its closing slide).
  const [opened, setOpened] = useState(false);
  const drawerId = useId();
  const current = items.find((item) => isNavItemActive(pathname, item.to));
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Меню"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      <Typography
        component="span"
        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {current?.label}
      </Typography>
      {opened && (
        <Suspense fallback={null}>
          <NavDrawer
            id={drawerId}
            open={open}
            onClose={() => setOpen(false)}
            items={items}
            pathname={pathname}
          />
        </Suspense>
      )}
    </>
  );
}

/** More links than this do not fit in one row beside the name and icons under 900 px (a tablet). */
const INLINE_LINKS_BELOW_MD = 4;

/**
 * The role's top bar: the links (in a drawer behind a menu button where they would not fit in one
 * row: a phone, or a tablet for the longer menus), then `extra` (the sync indicator) and the profile.
 */
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
  const phone = usePhoneLayout();
  const theme = useTheme();
  const belowMd = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const compact = phone || (belowMd && items.length > INLINE_LINKS_BELOW_MD);
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 1, flexWrap: 'nowrap' }}>
        {compact ? (
          <MenuLinks items={items} pathname={pathname} />
        ) : (
          <>
            <Typography variant="h6" component="span" sx={{ mr: 2, fontWeight: 700 }}>
              Устно
            </Typography>
            <InlineLinks items={items} pathname={pathname} />
            <OfferedInstallAction />
          </>
        )}
        {extra}
        <LinkIconButton to={profileTo} color="inherit" aria-label="Профиль" edge={compact ? 'end' : false}>
          <AccountCircle />
        </LinkIconButton>
      </Toolbar>
    </AppBar>
  );
}
