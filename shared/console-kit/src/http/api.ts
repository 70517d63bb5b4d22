// Typed helpers over the HTTP client: they resolve to the envelope's `data`.
import type { ApiEnvelope } from '@switchyard/contracts';
import { http } from './http-client';

type Params = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  /** Query parameters; never build them into the URL by hand. */
  params?: Params;
  signal?: AbortSignal;
}

export interface BodyRequestOptions extends RequestOptions {
  body?: unknown;
}

export async function apiGet<T = void>(url: string, options: RequestOptions = {}): Promise<T> {
  const reply = await http.get<ApiEnvelope<T>>(url, options);
  return reply.data.data as T;
}

export async function apiPost<T = void>(url: string, options: BodyRequestOptions = {}): Promise<T> {
  const { body, ...rest } = options;
  const reply = await http.post<ApiEnvelope<T>>(url, body, rest);
  return reply.data.data as T;
}

export async function apiPut<T = void>(url: string, options: BodyRequestOptions = {}): Promise<T> {
  const { body, ...rest } = options;
  const reply = await http.put<ApiEnvelope<T>>(url, body, rest);
  return reply.data.data as T;
}

export async function apiDelete<T = void>(
  url: string,
  options: BodyRequestOptions = {},
): Promise<T> {
  const { body, ...rest } = options;
  const reply = await http.delete<ApiEnvelope<T>>(url, { ...rest, data: body });
  return reply.data.data as T;
}
