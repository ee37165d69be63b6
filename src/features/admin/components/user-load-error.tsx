import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useRouter } from '@tanstack/react-router';
import { errorTexts } from '../../../lib/api-errors';
import { Page } from '../../../components/layout/page';
import { USER_KINDS, type UserKind } from '../user-kind';
import { BackToListButton } from './back-to-list-button';

/**
 * A list or an account that did not load (missing, of the other kind, no network): say why,
 * offer to try again and the way back to the list.
 */
export function UserLoadError({ kind, error, reset }: { kind: UserKind; error: unknown; reset: () => void }) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Page title={USER_KINDS[kind].title} actions={<BackToListButton kind={kind} />}>
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
