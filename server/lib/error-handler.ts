import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_TEXT } from '../../src/shared/messages';
import { badRequest, DEFAULT_RETRY_AFTER_SECONDS, HttpError } from './http-error';
import { isRefusedInput } from './input-guard';

const FIELD_LABELS: Record<string, string> = {
  username: 'Логин',
  email: 'Почта',
  password: 'Пароль',
  name: 'Название',
  surname: 'Фамилия',
  patronymic: 'Отчество',
  role: 'Роль',
};

// From a string, not a regex literal: esbuild writes Cyrillic in strings as \u escapes but keeps it in
// regex literals, and one non-ASCII character makes V8 hold the whole server bundle as UTF-16
// (twice its 420 KB) for as long as the process runs.
const NAMED_FIELD = new RegExp('^[А-ЯЁ][^:]{0,30}:');

function validationMessage(
  issues: Array<{ instancePath: string; keyword?: string; message?: string }>,
): string {
  const parts = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // A body or query that is not an object at all: zod's text would name JS types.
    if (!field && issue.keyword === 'invalid_type') return ERROR_TEXT.badRequest;
    const message = issue.message ?? ERROR_TEXT.badRequest;
    if (!field) return message;
    const label = FIELD_LABELS[field] ?? field;
    // Messages of our schemas name their field already ("Логин: …", "Пароль должен …").
    const labelled = message.startsWith(label) || NAMED_FIELD.test(message);
    return labelled ? message : `${label}: ${message}`;
  });
  return [...new Set(parts)].join('; ');
}

/**
 * Every 429 tells the client when to try again: the wait its source gave (a `retryAfterSeconds`
 * on the error, or a header it set), else the default.
 */
function retryAfter(reply: FastifyReply, error: unknown): void {
  if (reply.statusCode !== 429 || reply.hasHeader('retry-after')) return;
  const given = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  const seconds =
    typeof given === 'number' && Number.isFinite(given) && given > 0
      ? Math.ceil(given)
      : DEFAULT_RETRY_AFTER_SECONDS;
  void reply.header('Retry-After', String(seconds));
}

/** Every failure answers in the error shapes of docs/api.md (`{ message }`, `{ errors }`), in Russian; internals never leave the server. */
export function installErrorHandling(app: FastifyInstance): void {
  // Before any route's schema runs: text no database column may hold, or nesting no body needs,
  // is invalid input, not a 500.
  app.addHook('preValidation', async (request) => {
    if (isRefusedInput(request.params) || isRefusedInput(request.query) || isRefusedInput(request.body)) {
      throw badRequest();
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      retryAfter(reply.code(error.statusCode), error);
      return reply.send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: validationMessage(error.validation) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: ERROR_TEXT.unsupportedMediaType });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.code(413).send({ message: ERROR_TEXT.payloadTooLarge });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: ERROR_TEXT.malformedJson });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.code(415).send({ message: ERROR_TEXT.unsupportedMediaType });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error instanceof SyntaxError) {
      return reply.code(400).send({ message: ERROR_TEXT.malformedJson });
    }
    if (status === 429) {
      retryAfter(reply.code(429), error);
      return reply.send({ message: ERROR_TEXT.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      return reply
        .code(status)
        .send({ message: status === 413 ? ERROR_TEXT.payloadTooLarge : ERROR_TEXT.badRequest });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: ERROR_TEXT.internal });
  });
}

/**
 * Fastify's router answers a malformed URL (bad percent-encoding) or an overlong path parameter
 * itself, in English, bypassing the error handler; passed as the `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ code: error.code, status: 400 }, 'client error');
    void reply.code(400).send({ message: ERROR_TEXT.badRequest });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: ERROR_TEXT.internal });
}
