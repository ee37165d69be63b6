import { BackToListButton } from '@/components/layout/back-to-list-button';
import { LoadError } from '@/components/layout/load-error';
import { USER_KINDS, type UserKind } from '../user-kind';

/**
 * A list or an account that did not load (missing, of the other kind, no network): say why,
 * offer to try again and the way back to the list.
 */
export function UserLoadError({ kind, error, reset }: { kind: UserKind; error: unknown; reset: () => void }) {
  const k = USER_KINDS[kind];
  return (
    <LoadError title={k.title} error={error} reset={reset} back={<BackToListButton to={k.listPath} />} />
  );
}
