import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** An account's text fields: label, input type and what the browser may fill in. */
export const USER_FIELDS = {
  username: { label: 'Логин', type: 'text', autoComplete: 'username' },
  email: { label: 'Почта', type: 'email', autoComplete: 'email' },
  password: { label: 'Пароль', type: 'password', autoComplete: 'new-password' },
  name: { label: 'Имя', type: 'text', autoComplete: 'given-name' },
  surname: { label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
  patronymic: { label: 'Отчество', type: 'text', autoComplete: 'additional-name' },
} as const;

export type UserFieldName = keyof typeof USER_FIELDS;

/** The profile's fields (all but the password), in the order the forms show them. */
export const PROFILE_FIELDS = ['username', 'email', 'name', 'surname', 'patronymic'] as const;

/**
 * The text fields `names`, in that order; all required but the patronymic. `ownAccount={false}`
 * (someone else's account) keeps the browser from filling in the user's own data.
 */
export function UserFields<N extends UserFieldName>({
  names,
  values,
  onChange,
  ownAccount = true,
  fieldProps,
}: {
  names: readonly N[];
  values: Record<N, string>;
  onChange: (name: N, value: string) => void;
  ownAccount?: boolean;
  /** More props of one field (they win over the defaults). */
  fieldProps?: (name: N) => Partial<TextFieldProps>;
}) {
  return names.map((name) => {
    const f = USER_FIELDS[name];
    return (
      <TextField
        key={name}
        name={name}
        label={f.label}
        type={f.type}
        autoComplete={ownAccount || name === 'password' ? f.autoComplete : 'off'}
        value={values[name]}
        required={name !== 'patronymic'}
        onChange={(e) => onChange(name, e.target.value)}
        {...fieldProps?.(name)}
      />
    );
  });
}
