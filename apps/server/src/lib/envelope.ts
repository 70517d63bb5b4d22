// The {success, message, data} envelope of every /api reply.
import type { ApiEnvelope } from '@switchyard/contracts';

export function ok<T>(data?: T, message = ''): ApiEnvelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

export function fail<T>(message: string, data?: T): ApiEnvelope<T> {
  return data === undefined ? { success: false, message } : { success: false, message, data };
}
