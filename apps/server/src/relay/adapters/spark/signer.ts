// iFlytek's signed WebSocket URL: HMAC-SHA256 with the APISecret over host, date and the request
// line, wrapped with the APIKey into a base64 `authorization` query parameter.
import { createHmac } from 'node:crypto';

export function sparkSignature(secret: string, host: string, date: string, path: string): string {
  return createHmac('sha256', secret)
    .update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`)
    .digest('base64');
}

export function signedSparkUrl(
  base: string,
  path: string,
  apiKey: string,
  apiSecret: string,
  date: string,
): URL {
  const url = new URL(base + path);
  const signature = sparkSignature(apiSecret, url.host, date, url.pathname);
  const origin = `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  url.searchParams.set('authorization', Buffer.from(origin).toString('base64'));
  url.searchParams.set('date', date);
  url.searchParams.set('host', url.host);
  return url;
}
