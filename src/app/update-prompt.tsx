import Button from '@mui/material/Button';
import type { SnackbarKey } from 'notistack';
import { useEffect, useState } from 'react';
import { useExamFocus } from '@/lib/exam-focus';
import { whenToasts } from '@/lib/notify';
import { whenNoRecordingInProgress } from '@/lib/recording-lock';
import { registerServiceWorker } from '@/lib/service-worker';

/**
 * Offers the new version when the service worker has one waiting, but never while an exam runs
 * in this tab or any tab records (an update reloads the app): then it waits and offers it after.
 */
export function UpdatePrompt() {
  const examRunning = useExamFocus();
  const [update, setUpdate] = useState<{ activate: () => Promise<void> } | null>(null);

  useEffect(() => {
    registerServiceWorker((activate) => setUpdate({ activate }));
  }, []);

  useEffect(() => {
    if (!update || examRunning) return;
    const waiting = new AbortController();
    let shown: { key: SnackbarKey; close: (key: SnackbarKey) => void } | undefined;
    whenNoRecordingInProgress({ signal: waiting.signal })
      .then(() => whenToasts())
      .then(({ enqueueSnackbar, closeSnackbar }) => {
        if (waiting.signal.aborted) return;
        const key = enqueueSnackbar('Доступна новая версия приложения', {
          variant: 'info',
          persist: true,
          action: () => (
            <Button color="inherit" size="small" onClick={() => void update.activate()}>
              Обновить
            </Button>
          ),
        });
        shown = { key, close: closeSnackbar };
      })
      .catch(() => undefined);
    return () => {
      waiting.abort();
      shown?.close(shown.key);
    };
  }, [update, examRunning]);
  return null;
}
