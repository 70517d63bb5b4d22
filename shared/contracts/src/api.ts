// The JSON envelope every /api reply uses.

export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** Names of the cookie and headers the console and server agree on. */
export const SESSION_COOKIE = 'switchyard_session';
export const LANGUAGE_HEADER = 'Accept-Language';
/** The signed-in user's id, sent by the console on every call (the reference's header). A page on
 * another site cannot add a custom header without CORS, so a cookie-signed change must carry it. */
export const USER_ID_HEADER = 'New-Api-User';

export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Picks the first supported language from an Accept-Language value. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'zh' || tag === 'en') return tag;
  }
  return DEFAULT_LANGUAGE;
}
