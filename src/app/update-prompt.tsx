import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { registerServiceWorker } from '../lib/service-worker';

/** Offers the new version when the service worker has one waiting. */
export function UpdatePrompt() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    registerServiceWorker((activate) => {
      enqueueSnackbar('Доступна новая версия приложения', {
        variant: 'info',
        persist: true,
        action: () => (
          <Button color="inherit" size="small" onClick={activate}>
            Обновить
          </Button>
        ),
      });
    });
  }, [enqueueSnackbar]);
  return null;
}
