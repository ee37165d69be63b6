import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_FIELDS, UserFields } from '@/components/user-dialog/user-fields';

const inputs = () => [...document.querySelectorAll<HTMLInputElement>('input')];

const profile = {
  username: 'ivanov',
  email: 'i@example.ru',
  name: 'Иван',
  surname: 'Иванов',
  patronymic: '',
};

describe('UserFields', () => {
  it('shows the fields in the order given, all required but the patronymic, filled in for one’s own account', () => {
    const onChange = vi.fn();
    render(<UserFields names={PROFILE_FIELDS} values={profile} onChange={onChange} />);
    expect(inputs().map((i) => i.name)).toEqual(['username', 'email', 'name', 'surname', 'patronymic']);
    expect(inputs().map((i) => i.labels?.[0]?.textContent?.replace(/\s*\*$/, ''))).toEqual([
      'Логин',
      'Почта',
      'Имя',
      'Фамилия',
      'Отчество',
    ]);
    expect(inputs().map((i) => i.required)).toEqual([true, true, true, true, false]);
    expect(inputs().map((i) => i.autocomplete)).toEqual([
      'username',
      'email',
      'given-name',
      'family-name',
      'additional-name',
    ]);
    fireEvent.input(inputs()[2], { target: { value: 'Пётр' } });
    expect(onChange).toHaveBeenCalledWith('name', 'Пётр');
  });

  it('for someone else’s account the browser fills in nothing but a new password', () => {
    render(
      <UserFields
        names={['username', 'password', 'email']}
        values={{ username: '', password: '', email: '' }}
        onChange={() => {}}
        ownAccount={false}
        fieldProps={(name) => (name === 'password' ? { required: false } : {})}
      />,
    );
    expect(inputs().map((i) => [i.type, i.autocomplete, i.required])).toEqual([
      ['text', 'off', true],
      ['password', 'new-password', false],
      ['email', 'off', true],
    ]);
  });
});
