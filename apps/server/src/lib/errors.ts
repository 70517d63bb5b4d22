// Errors that carry an HTTP status and a localised message key; the error handler renders them.
import type { z } from 'zod';
import type { MessageKey, MessageParams } from '../i18n';

/** A refusal the client should see: status and message key (rendered in the request's language). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** A business refusal (wrong password, name taken, feature off): HTTP 200 with success:false. */
export const refuse = (key: MessageKey, params?: MessageParams): AppError =>
  new AppError(200, key, params);

export const unauthorized = (): AppError => new AppError(401, 'auth.notSignedIn');
export const forbidden = (): AppError => new AppError(403, 'auth.forbidden');

/** Input that failed a zod schema: HTTP 400 naming the bad fields. */
export class ValidationError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('validation failed');
    this.name = 'ValidationError';
  }
}
