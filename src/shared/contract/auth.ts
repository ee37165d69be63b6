import { z } from 'zod';
import { REGISTRATION_ROLES, ROLES } from '../roles';
import { passwordField, profileFieldsSchema, usernameField } from './users';

export const registerBodySchema = profileFieldsSchema.extend({
  role: z.enum(REGISTRATION_ROLES, { error: 'Роль не выбрана' }),
  password: passwordField,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const authenticateBodySchema = z.object({
  username: z.string({ error: 'Логин: обязательное поле' }).trim().min(1, 'Логин: обязательное поле').max(64),
  password: z.string({ error: 'Пароль: обязательное поле' }).min(1, 'Пароль: обязательное поле').max(128),
});
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

export const roleSchema = z.enum(ROLES);

export const tokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

export const loginResponseSchema = tokensSchema.extend({ role: roleSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const roleResponseSchema = z.object({ role: roleSchema });

export const recoverBodySchema = z.object({
  email: z
    .string({ error: 'Почта: обязательное поле' })
    .trim()
    .max(254)
    .pipe(z.email('Неверный адрес почты')),
});

export const recoverIdParamsSchema = z.object({
  recoverID: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Неверная ссылка'),
});

export const newPasswordBodySchema = z.object({ password: passwordField });

export { usernameField };
