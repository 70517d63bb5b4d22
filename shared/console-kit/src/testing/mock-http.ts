// Test helper: answers the console's axios instance without a network.
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../http/http-client';

export interface MockReply {
  status?: number;
  body: unknown;
}

export type MockHandler = (config: InternalAxiosRequestConfig) => MockReply | Error;

/** Routes every request of `http` to `handler`; returns the requests seen and a restore function. */
export function mockHttp(handler: MockHandler) {
  const seen: InternalAxiosRequestConfig[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const reply = handler(config);
    if (reply instanceof Error) {
      throw new AxiosError(reply.message, AxiosError.ERR_NETWORK, config);
    }
    const response = {
      data: reply.body,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: {},
      config,
    };
    if (response.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    seen,
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}
