import InstallMobile from '@mui/icons-material/InstallMobile';
import IosShare from '@mui/icons-material/IosShare';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { install, useInstallOffer } from '@/lib/install-prompt';

export const INSTALL_LABEL = 'Установить приложение';

/** How to install on iOS, where Safari has no install dialog of its own. */
function IosInstallHint({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{INSTALL_LABEL}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Нажмите «Поделиться» <IosShare fontSize="small" sx={{ verticalAlign: 'text-bottom' }} aria-hidden />{' '}
          внизу экрана Safari, затем «На экран «Домой»». Приложение появится среди других на главном экране и
          будет открываться без адресной строки.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Понятно</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Установить приложение' where it can be installed: the browser's own dialog where it offers
 * one, the Share-menu hint on iOS, nothing once installed. An icon in the bar, or a drawer item.
 */
export function InstallAppAction({ variant, onDone }: { variant: 'icon' | 'item'; onDone?: () => void }) {
  const offer = useInstallOffer();
  const [hint, setHint] = useState(false);
  if (offer.kind === 'none' && !hint) return null;
  const act = () => {
    if (offer.kind === 'ios') setHint(true);
    else {
      void install();
      onDone?.();
    }
  };
  const hintDialog = hint && (
    <IosInstallHint
      onClose={() => {
        setHint(false);
        onDone?.();
      }}
    />
  );
  if (variant === 'item') {
    return (
      <>
        <ListItemButton onClick={act} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <InstallMobile />
          </ListItemIcon>
          <ListItemText primary={INSTALL_LABEL} />
        </ListItemButton>
        {hintDialog}
      </>
    );
  }
  return (
    <>
      <Tooltip title={INSTALL_LABEL}>
        <IconButton color="inherit" aria-label={INSTALL_LABEL} onClick={act}>
          <InstallMobile />
        </IconButton>
      </Tooltip>
      {hintDialog}
    </>
  );
}
