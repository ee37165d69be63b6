import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorTexts } from '../../lib/api-errors';
import { Page } from './page';

/**
 * A screen whose data did not load (missing, not yours, no network): says why, offers to try
 * again and, when given, the way back.
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
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Page title={title} actions={back}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Повторить
          </Button>
        }
      >
        {errorTexts(error).join('. ')}
      </Alert>
    </Page>
  );
}
