import { act, render, screen } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { useNotify } from '../../../src/lib/notify';

function apiFailure(status: number, data: unknown): FetchError {
  const error = new FetchError(`[GET] "/api/x": ${status}`);
  Object.assign(error, { response: new Response(null, { status }), status, data });
  return error;
}

describe('useNotify', () => {
  it('shows each text of a 409 errors list as its own error toast, and success toasts', () => {
    let notify!: ReturnType<typeof useNotify>;
    function Probe() {
      notify = useNotify();
      return null;
    }
    render(
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>,
    );
    act(() => notify.apiError(apiFailure(409, { errors: ['Логин занят', 'Почта занята'] })));
    act(() => notify.success('Ученик создан'));
    expect(screen.getByText('Логин занят')).toBeTruthy();
    expect(screen.getByText('Почта занята')).toBeTruthy();
    expect(screen.getByText('Ученик создан')).toBeTruthy();
  });
});
