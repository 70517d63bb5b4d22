// The epay ("易支付") wire protocol: the signed form posted to {PayAddress}/submit.php and the
// verification of the notify callback. Sign = md5 of the non-empty fields other than sign and
// sign_type, sorted by name, joined as k=v&k=v, with the merchant key appended.
import { createHash, timingSafeEqual } from 'node:crypto';
import { topUpEndpoints } from '@switchyard/contracts/endpoints';

export type EpayFields = Record<string, string>;

export function epaySign(fields: EpayFields, key: string): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** Adds sign and sign_type to the fields of a payment request. */
export function signedEpayForm(fields: EpayFields, key: string): EpayFields {
  return { ...fields, sign: epaySign(fields, key), sign_type: 'MD5' };
}

/** True when the callback's sign matches the fields and the key (constant-time compare). */
export function verifyEpaySign(fields: EpayFields, key: string): boolean {
  const given = Buffer.from((fields.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(epaySign(fields, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Only string query values take part in a callback (repeated or nested ones are dropped). */
export function callbackFields(query: unknown): EpayFields {
  const fields: EpayFields = {};
  if (typeof query !== 'object' || query === null) return fields;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

export const EPAY_SUBMIT_PATH = '/submit.php';
export const EPAY_NOTIFY_PATH = topUpEndpoints.notify.path;
export const EPAY_TRADE_SUCCESS = 'TRADE_SUCCESS';
