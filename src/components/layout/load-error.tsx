import type { ReactNode } from 'react';
import { errorTexts } from '@/lib/api-errors';
import { OfflineError } from '@/lib/route-data';
import { RetryAlert, useRetryWhenOnline } from './offline-page';
import { Page } from './page';

/**
 * A screen whose data did not load (missing, not yours, no network): says why, offers to try
 * again and, when given, the way back. A page that was not on the device offline opens by itself
 * when the network returns.
 */
export function LoadError({
  title,
  error,
  reset,
  back,
}: {
  title: string;
  error: unknown;
  reset: () => void;
  back?: ReactNode;
}) {
  const offline = error instanceof OfflineError;
  useRetryWhenOnline(offline, reset);
  return (
    <Page title={title} actions={back}>
      <RetryAlert severity={offline ? 'warning' : 'error'} reset={reset}>
        {errorTexts(error).join('. ')}
      </RetryAlert>
    </Page>
  );
}
