import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastHost } from '@/app/toast-host';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDeleteDialog } from '@/components/confirm-dialog/confirm-dialog';
import { ERROR_TEXT } from '@/shared/messages';

/** A screen that asks before deleting item 7 with `deleteFn`, and says when the dialog is gone. */
function Screen({ deleteFn }: { deleteFn: (id: number) => Promise<unknown> }) {
  const remove = useMutation({ mutationFn: deleteFn });
  const [open, setOpen] = useState(true);
  return open ? (
    <ConfirmDeleteDialog
      title="Удалить экзамен?"
      text="Экзамен «Весна» будет удален."
      remove={remove}
      id={7}
      done="Экзамен удален"
      onClose={() => setOpen(false)}
    />
  ) : (
    <p>закрыто</p>
  );
}

const renderScreen = (deleteFn: (id: number) => Promise<unknown>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <>
        <ToastHost />
        <Screen deleteFn={deleteFn} />
      </>
    </QueryClientProvider>,
  );

describe('ConfirmDeleteDialog', () => {
  it('deletes the item on confirmation, says so and closes', async () => {
    const deleted: number[] = [];
    renderScreen(async (id) => {
      deleted.push(id);
      return {};
    });
    expect(screen.getByRole('dialog', { name: 'Удалить экзамен?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByText('закрыто')).toBeTruthy());
    expect(deleted).toEqual([7]);
    expect(screen.getByText('Экзамен удален')).toBeTruthy();
  });

  it('closes after a failure too, with the error', async () => {
    renderScreen(() => Promise.reject(new Error('boom')));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByText('закрыто')).toBeTruthy());
    // The error toast comes once the error catalogue has loaded (on the first error): the test
    // waits for it, or the catalogue would load after the test environment is gone.
    expect(await screen.findByText(ERROR_TEXT.generic)).toBeTruthy();
    expect(screen.queryByText('Экзамен удален')).toBeNull();
  });
});
