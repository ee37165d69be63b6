import { z } from 'zod';
import { ID_MAX } from '../id';

z.config(z.locales.ru());
// Every schema module imports this one, so this runs before any schema is built. The page runs
// under a CSP without 'unsafe-eval': zod must not compile parsers with new Function there, nor
// probe whether it may (the browser reports even a caught probe as a violation); nor in the
// service worker, which sends the outbox under the same policy. The server keeps the compiled
// parsers.
z.config({
  jitless:
    typeof document !== 'undefined' ||
    typeof (globalThis as { importScripts?: unknown }).importScripts === 'function',
});

/** Ids are positive integers in paths and bodies. */
export const idSchema = z.coerce
  .number({ error: 'Идентификатор должен быть числом' })
  .int('Идентификатор должен быть целым числом')
  .positive('Идентификатор должен быть положительным')
  .max(ID_MAX, 'Идентификатор слишком большой');

export const idParamsSchema = z.object({ id: idSchema });

export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page_size: z.coerce
    .number({ error: 'page_size должен быть числом' })
    .int('page_size должен быть целым числом')
    .min(1, 'page_size должен быть от 1 до 100')
    .max(PAGE_SIZE_MAX, 'page_size должен быть от 1 до 100'),
  page_number: z.coerce
    .number({ error: 'page_number должен быть числом' })
    .int('page_number должен быть целым числом')
    .min(0, 'page_number не может быть отрицательным')
    .max(1_000_000, 'page_number слишком большой'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const searchPageQuerySchema = pageQuerySchema.extend({
  search_string: z.string().max(200, 'Строка поиска слишком длинная').default(''),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

export type PagedBody<K extends string, T> = { page: number; pages: number } & { [P in K]: T[] };

/** The answer body of a page under its entity's key. */
export function pagedBody<K extends string, T>(
  key: K,
  p: { page: number; pages: number; items: T[] },
): PagedBody<K, T> {
  return { page: p.page, pages: p.pages, [key]: p.items } as PagedBody<K, T>;
}

/** `{ page, pages, <key>: [...] }`, the answer of every paged list. */
export function pagedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ page: z.number().int(), pages: z.number().int() }).extend({
    [key]: z.array(item),
  } as { [P in K]: z.ZodArray<T> });
}

export const messageSchema = z.object({ message: z.string() });
export const errorsSchema = z.object({ errors: z.array(z.string()) });
export const errorBodySchema = z.union([messageSchema, errorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** ISO-8601 UTC timestamp in JSON. */
export const timestampSchema = z.string();

export const nameField = (label: string, max = 100) =>
  z
    .string({ error: `${label}: обязательное поле` })
    .trim()
    .min(1, `${label}: обязательное поле`)
    .max(max, `${label}: не длиннее ${max} символов`);
