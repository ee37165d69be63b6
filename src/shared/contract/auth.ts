import { z } from 'zod';
import { REGISTRATION_ROLES, ROLES } from '../roles';
import { passwordField, profileFieldsSchema } from './users';

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

/**
 * The refresh token is in the JSON answer for clients that send it back as a bearer; a request
 * with `X-Refresh-Transport: cookie` gets it only as the HttpOnly cookie `ustno_refresh`.
 */
export const tokensSchema = z.object({ access_token: z.string(), refresh_token: z.string().optional() });

export const loginResponseSchema = tokensSchema.extend({ role: roleSchema });

export const roleResponseSchema = z.object({ role: roleSchema });

/** `POST /api/auth/logout` answers 204 with no body. */
export const logoutResponseSchema = z.null().describe('No content');

/**
 * The own password change answers the spec's message and a new session for the caller, since
 * every token issued before the change stops working (refresh_token as in the login answer).
 */
export const passwordChangedSchema = tokensSchema.extend({ message: z.string() });

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
