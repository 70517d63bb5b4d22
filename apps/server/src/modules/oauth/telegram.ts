// Telegram login widget data check, as Telegram documents it: the hash is the HMAC-SHA256 of the
// sorted `key=value` lines, keyed with SHA-256 of the bot token; auth_date must be recent.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramLogin } from '@switchyard/contracts';

/** How old a widget login may be, seconds. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The fields Telegram signs: every one it sent except hash (our own `lang` is not Telegram's). */
export function telegramDataCheckString(data: TelegramLogin): string {
  return Object.entries(data)
    .filter(([key, value]) => key !== 'hash' && key !== 'lang' && value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

export function signTelegramLogin(botToken: string, data: TelegramLogin): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(data)).digest('hex');
}

export function isTelegramLoginValid(botToken: string, data: TelegramLogin, now: number): boolean {
  if (!botToken) return false;
  const expected = Buffer.from(signTelegramLogin(botToken, data), 'hex');
  const given = Buffer.from(data.hash, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now - Number(data.auth_date);
  return age >= -60 && age <= TELEGRAM_MAX_AGE_SECONDS;
}
