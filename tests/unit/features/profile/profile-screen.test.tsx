import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@/app/toast-host';
import { profileKey, type Profile } from '@/features/profile/api/get-profile';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

const profile: Profile = {
  id: 7,
  username: 'ivanova',
  email: 'ivanova@example.ru',
  name: 'Анна',
  surname: 'Иванова',
  patronymic: '',
};

let server: TestHttpServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
beforeEach(() => {
  server.seen.length = 0;
  localStorage.clear();
  tokenStore.set({ access_token: 'access' });
});

function renderProfile() {
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  client.setQueryData(profileKey('student'), profile);
  return render(
    <QueryClientProvider client={client}>
      <>
        <ToastHost />
        <ProfileScreen area="student" />
      </>
    </QueryClientProvider>,
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const sent = (path: string) => server.seen.filter((r) => r.path === path).map((r) => JSON.parse(r.body));

describe('ProfileScreen asks for the current password', () => {
  it('the password form sends the current password beside the new one, and clears all three once saved', async () => {
    server.handle(() => ({
      status: 200,
      body: { message: 'Пароль обновлен', access_token: 'next-access' },
    }));
    renderProfile();
    const form = section('Пароль');
    const current = form.getByLabelText(/Текущий пароль/);
    expect(current).toHaveProperty('type', 'password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    type(current, 'Old-pass-123');
    type(form.getByLabelText(/Новый пароль/), 'New-pass-456');
    type(form.getByLabelText(/Повторите пароль/), 'New-pass-456');
    fireEvent.click(form.getByRole('button', { name: 'Обновить пароль' }));
    await screen.findByText('Пароль обновлен');
    expect(sent('/api/student/password')).toEqual([
      { password: 'New-pass-456', currentPassword: 'Old-pass-123' },
    ]);
    expect(tokenStore.access()).toBe('next-access');
    expect((current as HTMLInputElement).value).toBe('');
  });

  it('a wrong current password shows the server’s reason and keeps what was typed', async () => {
    server.handle(() => ({ status: 403, body: { message: 'Неверный текущий пароль' } }));
    renderProfile();
    const form = section('Пароль');
    type(form.getByLabelText(/Текущий пароль/), 'not-it');
    type(form.getByLabelText(/Новый пароль/), 'New-pass-456');
    type(form.getByLabelText(/Повторите пароль/), 'New-pass-456');
    fireEvent.click(form.getByRole('button', { name: 'Обновить пароль' }));
    await screen.findByText('Неверный текущий пароль');
    expect((form.getByLabelText(/Новый пароль/) as HTMLInputElement).value).toBe('New-pass-456');
  });

  it('new passwords that differ are refused on the device: nothing is sent', async () => {
    renderProfile();
    const form = section('Пароль');
    type(form.getByLabelText(/Текущий пароль/), 'Old-pass-123');
    type(form.getByLabelText(/Новый пароль/), 'New-pass-456');
    type(form.getByLabelText(/Повторите пароль/), 'New-pass-789');
    fireEvent.click(form.getByRole('button', { name: 'Обновить пароль' }));
    await screen.findByText('Пароли не совпадают');
    // Nothing changed on the server (a background refresh of the profile may still read it).
    expect(server.seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the data form sends the current password with the fields', async () => {
    server.handle(() => ({ status: 200, body: { ...profile, email: 'anna@example.ru' } }));
    renderProfile();
    const form = section('Данные');
    type(form.getByLabelText(/Почта/), 'anna@example.ru');
    type(form.getByLabelText(/Текущий пароль/), 'Old-pass-123');
    fireEvent.click(form.getByRole('button', { name: 'Обновить данные' }));
    await screen.findByText('Данные обновлены');
    const { id: _id, ...fields } = profile;
    expect(sent('/api/student/data')).toEqual([
      { ...fields, email: 'anna@example.ru', currentPassword: 'Old-pass-123' },
    ]);
    await waitFor(() => expect((form.getByLabelText(/Текущий пароль/) as HTMLInputElement).value).toBe(''));
  });

  it('left empty, the current password is not sent: the server decides (a login of the last 5 minutes)', async () => {
    server.handle(() => ({ status: 403, body: { message: 'Введите текущий пароль' } }));
    renderProfile();
    const form = section('Данные');
    fireEvent.click(form.getByRole('button', { name: 'Обновить данные' }));
    await screen.findByText('Введите текущий пароль');
    expect(sent('/api/student/data')[0]).not.toHaveProperty('currentPassword');
  });
});
