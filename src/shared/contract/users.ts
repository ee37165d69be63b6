import { z } from 'zod';
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

export const passwordField = z
  .string({ error: 'Пароль: обязательное поле' })
  .min(6, 'Пароль должен содержать от 6 до 128 символов')
  .max(128, 'Пароль должен содержать от 6 до 128 символов');

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

export const passwordBodySchema = z.object({ password: passwordField });
