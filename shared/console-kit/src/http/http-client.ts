// The one axios instance of the console: same-origin cookies, the console language and the signed-in
// user's id on every request, and every failure turned into an ApiError that is always rethrown.
import type { ApiEnvelope } from '@switchyard/contracts';
import { LANGUAGE_HEADER, USER_ID_HEADER } from '@switchyard/contracts';
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { currentLanguage } from '../i18n/i18n';
import { getSession } from '../store/session-store';
import { ApiError } from './api-error';

const isEnvelope = (body: unknown): body is ApiEnvelope =>
  typeof body === 'object' && body !== null && typeof (body as ApiEnvelope).success === 'boolean';

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError('canceled', { kind: 'canceled', status: 0 });
  const axiosError = error as AxiosError;
  const response = axiosError.response;
  if (response) {
    const body: unknown = response.data;
    return new ApiError(messageOf(body, axiosError.message || `HTTP ${response.status}`), {
      kind: 'http',
      status: response.status,
      // An envelope's own data (e.g. a validation reply's bad fields); else the whole body.
      data: isEnvelope(body) ? body.data : body,
    });
  }
  const message = axiosError.message || String(error);
  return new ApiError(message, { kind: 'network', status: 0 });
}

function unwrapEnvelope(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  if (!isEnvelope(body)) {
    throw new ApiError('The server sent a reply the console cannot read.', {
      kind: 'http',
      status: response.status,
      data: body,
    });
  }
  if (!body.success) {
    throw new ApiError(body.message, { kind: 'refused', status: response.status, data: body.data });
  }
  return response;
}

export function createHttpClient(): AxiosInstance {
  const client = axios.create({ baseURL: '', withCredentials: true });
  client.interceptors.request.use((config) => {
    config.headers.set(LANGUAGE_HEADER, currentLanguage());
    // The signed-in user's id (-1 when signed out), as the reference console sends it: the server
    // refuses a cookie-signed change without it, which no page on another site can add.
    config.headers.set(USER_ID_HEADER, String(getSession().user?.id ?? -1));
    return config;
  });
  client.interceptors.response.use(unwrapEnvelope, (error: unknown) => {
    throw toApiError(error);
  });
  return client;
}

/** The console's HTTP client (a federation singleton through the console kit). */
export const http = createHttpClient();
