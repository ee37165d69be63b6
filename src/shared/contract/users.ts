import { z } from 'zod';
import { ERROR_TEXT } from '../messages';
import { nameField } from './common';

export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

export const usernameField = z
  .string({ error: 'Логин: обязательное поле' })
  .trim()
  .min(3, 'Логин должен содержать от 3 до 64 символов')
  .max(64, 'Логин должен содержать от 3 до 64 символов')
  .regex(USERNAME_PATTERN, 'Логин может содержать только буквы, цифры, точку, дефис и подчеркивание');

export const emailField = z
  .string({ error: 'Почта: обязательное поле' })
  .trim()
  .max(254, 'Почта: не длиннее 254 символов')
  .pipe(z.email('Неверный адрес почты'));

/** The shortest password accepted; the server also refuses the most common ones. */
export const PASSWORD_MIN_LENGTH = 8;

export const passwordField = z
  .string({ error: 'Пароль: обязательное поле' })
  .min(PASSWORD_MIN_LENGTH, ERROR_TEXT.passwordTooShort)
  .max(128, ERROR_TEXT.passwordTooShort);

/**
 * The account's current password, which an own password or profile change carries (V6.2.3);
 * without it the change is taken only within 5 minutes of a password login.
 */
export const currentPasswordField = z
  .string({ error: 'Текущий пароль: обязательное поле' })
  .min(1, 'Текущий пароль: обязательное поле')
  .max(128, 'Текущий пароль: не длиннее 128 символов');

export const patronymicField = z
  .string()
  .trim()
  .max(100, 'Отчество: не длиннее 100 символов')
  .nullish()
  .transform((v) => v ?? '');

/** The editable profile of any account. */
export const profileFieldsSchema = z.object({
  username: usernameField,
  email: emailField,
  name: nameField('Имя'),
  surname: nameField('Фамилия'),
  patronymic: patronymicField,
});

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  patronymic: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

/** An account in a list whose screen shows names and the login only: the e-mail stays out. */
export const personSchema = userSchema.omit({ email: true });
export type PersonDto = z.infer<typeof personSchema>;
