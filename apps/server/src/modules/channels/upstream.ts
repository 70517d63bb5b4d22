// Calls to a channel's upstream provider made by the console operations: the model list and the
// account balance. Each call is bounded by a timeout; failures become UpstreamError.
import type { BalanceApi, BalanceCurrency } from '@switchyard/contracts';
import { upstreamFailureText } from './upstream-text';

const TIMEOUT_MS = 15_000;

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

export interface UpstreamTarget {
  baseUrl: string;
  key: string;
  organization?: string | null;
}

/** A network failure in a few words: the cause's code (ECONNREFUSED, …) says more than "fetch failed". */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code = typeof cause === 'object' && cause !== null ? Reflect.get(cause, 'code') : undefined;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

async function getJson(target: UpstreamTarget, path: string): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${target.key}` };
  if (target.organization) headers['openai-organization'] = target.organization;
  let response: Response;
  try {
    response = await fetch(`${target.baseUrl}${path}`, {
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new UpstreamError(networkReason(error));
  }
  const body = await response.text();
  // The status and the upstream's JSON message only: never the body itself (see upstream-text).
  if (!response.ok) throw new UpstreamError(upstreamFailureText(response.status, body, target.key));
  try {
    return JSON.parse(body);
  } catch {
    throw new UpstreamError(`HTTP ${response.status}: not JSON`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The model ids of an OpenAI-style `GET /v1/models` reply. */
export async function fetchUpstreamModels(target: UpstreamTarget): Promise<string[]> {
  const body = await getJson(target, '/v1/models');
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) throw new UpstreamError('the reply has no data list');
  const ids = data.map((item) => (isRecord(item) ? item.id : undefined));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

const day = (date: Date): string => date.toISOString().slice(0, 10);

/** OpenAI dashboard billing: hard limit minus this period's usage (reported in cents). */
async function openaiDashboardBalance(target: UpstreamTarget, nowSeconds: number): Promise<number> {
  const subscription = await getJson(target, '/v1/dashboard/billing/subscription');
  if (!isRecord(subscription) || typeof subscription.hard_limit_usd !== 'number') {
    throw new UpstreamError('the subscription reply has no hard_limit_usd');
  }
  const now = new Date(nowSeconds * 1000);
  // Accounts with a payment method are billed monthly; prepaid grants cover the last 100 days.
  const start =
    subscription.has_payment_method === true
      ? `${day(now).slice(0, 7)}-01`
      : day(new Date(now.getTime() - 100 * 86_400_000));
  const end = day(new Date(now.getTime() + 86_400_000));
  const usage = await getJson(
    target,
    `/v1/dashboard/billing/usage?${new URLSearchParams({ start_date: start, end_date: end })}`,
  );
  if (!isRecord(usage) || typeof usage.total_usage !== 'number') {
    throw new UpstreamError('the usage reply has no total_usage');
  }
  return subscription.hard_limit_usd - usage.total_usage / 100;
}

const numberOf = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};

function required(value: number | undefined, what: string): number {
  if (value === undefined) throw new UpstreamError(`the reply has no ${what}`);
  return value;
}

/** A balance and the currency the provider keeps it in. */
export interface Balance {
  amount: number;
  currency: BalanceCurrency;
}

const dollars = (amount: number): Balance => ({ amount, currency: 'USD' });

/**
 * SiliconFlow and Moonshot say no currency: their mainland platforms (`*.cn`) bill in yuan, the
 * international ones (`api.siliconflow.com`, `api.moonshot.ai`) in dollars.
 */
export function currencyOfHost(baseUrl: string): BalanceCurrency {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return 'USD';
  }
  return host.endsWith('.cn') ? 'CNY' : 'USD';
}

/** OpenRouter GET /v1/credits: credits bought minus credits used (dollars). */
async function openrouterBalance(target: UpstreamTarget): Promise<Balance> {
  const body = await getJson(target, '/v1/credits');
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return dollars(
    required(numberOf(data.total_credits), 'total_credits') -
      required(numberOf(data.total_usage), 'total_usage'),
  );
}

/** DeepSeek GET /user/balance: the USD entry's total, else the CNY one's, in its currency. */
async function deepseekBalance(target: UpstreamTarget): Promise<Balance> {
  const body = await getJson(target, '/user/balance');
  const infos = isRecord(body) && Array.isArray(body.balance_infos) ? body.balance_infos : [];
  const entries = infos.filter(isRecord);
  const entry =
    entries.find((item) => item.currency === 'USD') ??
    entries.find((item) => item.currency === 'CNY');
  const amount = required(numberOf(entry?.total_balance), 'balance_infos.total_balance');
  return { amount, currency: entry?.currency === 'CNY' ? 'CNY' : 'USD' };
}

/** SiliconFlow GET /v1/user/info: data.totalBalance (paid and granted). */
async function siliconflowBalance(target: UpstreamTarget): Promise<Balance> {
  const body = await getJson(target, '/v1/user/info');
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const amount = required(numberOf(data.totalBalance ?? data.balance), 'data.totalBalance');
  return { amount, currency: currencyOfHost(target.baseUrl) };
}

/** Moonshot GET /v1/users/me/balance: data.available_balance. */
async function moonshotBalance(target: UpstreamTarget): Promise<Balance> {
  const body = await getJson(target, '/v1/users/me/balance');
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const amount = required(numberOf(data.available_balance), 'data.available_balance');
  return { amount, currency: currencyOfHost(target.baseUrl) };
}

/** The balance through the provider's billing API, in the currency the account is kept in. */
export async function fetchBalance(
  api: BalanceApi,
  target: UpstreamTarget,
  nowSeconds: number,
): Promise<Balance> {
  switch (api) {
    case 'openaiDashboard':
      return dollars(await openaiDashboardBalance(target, nowSeconds));
    case 'openrouter':
      return openrouterBalance(target);
    case 'deepseek':
      return deepseekBalance(target);
    case 'siliconflow':
      return siliconflowBalance(target);
    case 'moonshot':
      return moonshotBalance(target);
  }
}
