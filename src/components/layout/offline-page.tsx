import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { onlineManager } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { ERROR_TEXT } from '@/shared/messages';
import { Page } from './page';

/** Loads the route again as soon as the network returns, while `active`. */
export function useRetryWhenOnline(active: boolean, reset: () => void): void {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    return onlineManager.subscribe((online) => {
      if (!online) return;
      reset();
      void router.invalidate();
    });
  }, [active, reset, router]);
}

/** Why a route did not load, with 'Повторить', which loads it again. */
export function RetryAlert({
  severity,
  reset,
  children,
}: {
  severity: AlertColor;
  reset: () => void;
  children: ReactNode;
}) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Повторить
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * A route whose data is not on the device while offline: says so and opens by itself when the
 * network returns. Light on purpose: the router's error component loads it.
 */
export function OfflinePage({ reset }: { reset: () => void }) {
  useRetryWhenOnline(true, reset);
  return (
    <Page title="Нет сети">
      <RetryAlert severity="warning" reset={reset}>
        {ERROR_TEXT.offlineNotSaved}
      </RetryAlert>
    </Page>
  );
}
