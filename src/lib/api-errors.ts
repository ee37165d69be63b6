import { ERROR_TEXT } from '@/shared/messages';
import { errorStatus } from './api-client';
import { OfflineError } from './route-data';

/**
 * Errors on screen (docs/api.md), everywhere but registration and login: offline with nothing saved
 * on the device → that; no answer → 'Что-то пошло не так'; an
 * `errors` list → one text each; else the `message`; else 'Что-то пошло не так'.
 */
export function errorTexts(error: unknown): string[] {
  if (error instanceof OfflineError) return [ERROR_TEXT.offlineNotSaved];
  if (errorStatus(error) === undefined) return [ERROR_TEXT.generic];
  const body: unknown = (error as { data?: unknown }).data;
  if (body && typeof body === 'object') {
    const { errors, message } = body as { errors?: unknown; message?: unknown };
    if (Array.isArray(errors)) {
      const texts = errors.filter((e): e is string => typeof e === 'string' && e.length > 0);
      if (texts.length > 0) return texts;
    }
    if (typeof message === 'string' && message.length > 0) return [message];
  }
  return [ERROR_TEXT.generic];
}
