// Tencent Cloud API signature v3 (TC3-HMAC-SHA256) for JSON POSTs to `/`: the canonical
// request signs content-type and host; the key is derived from the secret, date and service.
import { createHash, createHmac } from 'node:crypto';

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  payload: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The Authorization header value of a request. */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${TC3_CONTENT_TYPE}\nhost:${input.host}\n`,
    'content-type;host',
    sha256(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256(canonical)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}
