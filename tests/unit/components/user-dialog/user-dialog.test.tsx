import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserDialog, type UserFormValues } from '@/components/user-dialog/user-dialog';

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('UserDialog', () => {
  it('has a labelled field for each account property and submits what was typed', () => {
    const onSubmit = vi.fn<(v: UserFormValues) => void>();
    render(
      <UserDialog
        title="Новый ученик"
        submitLabel="Создать"
        loading={false}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Новый ученик' })).toBeTruthy();
    const typed = {
      username: 'ivanov',
      password: 'secret123',
      email: 'ivanov@example.ru',
      name: 'Иван',
      surname: 'Иванов',
      patronymic: 'Иванович',
    };
    for (const [name, value] of Object.entries(typed)) {
      const input = field(name);
      expect(input.labels?.[0]?.textContent).toBeTruthy();
      fireEvent.input(input, { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(onSubmit).toHaveBeenCalledWith(typed);
  });

  it('on edit starts from the account, with an optional empty password', () => {
    const onSubmit = vi.fn<(v: UserFormValues) => void>();
    const initial = {
      username: 'petrov',
      password: '',
      email: 'p@example.ru',
      name: 'Петр',
      surname: 'Петров',
      patronymic: '',
    };
    render(
      <UserDialog
        title="Редактирование ученика"
        submitLabel="Сохранить"
        initial={initial}
        passwordOptional
        loading={false}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    expect(field('password').required).toBe(false);
    expect(field('username').required).toBe(true);
    expect(screen.getByText('Оставьте пустым, чтобы не менять')).toBeTruthy();
    fireEvent.input(field('name'), { target: { value: 'Пётр' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...initial, name: 'Пётр' });
  });

  it('while saving the submit button is disabled and cancel does nothing', () => {
    const onClose = vi.fn();
    render(<UserDialog title="Т" submitLabel="Создать" loading onSubmit={() => {}} onClose={onClose} />);
    expect((screen.getByRole('button', { name: /Создать/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Отмена' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
