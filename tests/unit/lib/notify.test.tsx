import { act, render, screen } from '@testing-library/react';
import { ToastHost } from '@/app/toast-host';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-status';
import { useNotify, useToastsWanted } from '@/lib/notify';

const apiFailure = (status: number, data: unknown) => new ApiError(status, data);

describe('useNotify', () => {
  // First: nothing in this file has asked for a toast yet (the module's state is per file).
  it('asks for the toast host only once a toast is wanted', () => {
    function Wanted() {
      return <span>{useToastsWanted() ? 'нужен' : 'не нужен'}</span>;
    }
    render(<Wanted />);
    expect(screen.getByText('не нужен')).toBeTruthy();
    act(() => useNotify().info('Привет'));
    expect(screen.getByText('нужен')).toBeTruthy();
  });

  it('shows each text of a 409 errors list as its own error toast, and success toasts', async () => {
    let notify!: ReturnType<typeof useNotify>;
    function Probe() {
      notify = useNotify();
      return null;
    }
    render(
      <>
        <ToastHost />
        <Probe />
      </>,
    );
    // The catalogue loads with the first API error: loaded here first, so the toasts wait for
    // nothing but the host (a cold transform can outlast findByText's wait).
    await import('@/lib/api-errors');
    act(() => notify.apiError(apiFailure(409, { errors: ['Логин занят', 'Почта занята'] })));
    act(() => notify.success('Ученик создан'));
    // The toasts go through the host once it is mounted (a promise): they show a tick later.
    expect(await screen.findByText('Логин занят')).toBeTruthy();
    expect(await screen.findByText('Почта занята')).toBeTruthy();
    expect(await screen.findByText('Ученик создан')).toBeTruthy();
  });
});
