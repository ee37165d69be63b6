import type { ErrorBody } from '../../src/shared/contract/common';
import { ERROR_TEXT } from '../../src/shared/messages';

/** An expected failure: the error handler answers it with its status and body as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super('message' in body ? body.message : body.errors.join('; '));
  }
}

export const badRequest = (message: string = ERROR_TEXT.badRequest) => new HttpError(400, { message });
export const unauthorized = (message: string = ERROR_TEXT.unauthorized) => new HttpError(401, { message });
export const forbidden = (message: string = ERROR_TEXT.forbidden) => new HttpError(403, { message });
export const notFound = (message: string = ERROR_TEXT.notFound) => new HttpError(404, { message });
export const conflict = (errors: string[]) => new HttpError(409, { errors });
export const conflictMessage = (message: string) => new HttpError(409, { message });
export const payloadTooLarge = (message: string = ERROR_TEXT.payloadTooLarge) =>
  new HttpError(413, { message });
export const unsupportedMediaType = (message: string = ERROR_TEXT.unsupportedMediaType) =>
  new HttpError(415, { message });

/**
 * Seconds a client should wait after a 429 when its source names none: every 429 means "this
 * clears by itself", and a client is told when to try again (a refusal that waiting will not
 * clear is a final 4xx instead).
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A refusal that clears by itself: 429, answered with `Retry-After`. */
export class RetryLater extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS,
  ) {
    super(429, { message });
  }
}

export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new RetryLater(message, retryAfterSeconds);
