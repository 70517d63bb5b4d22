// Localised server messages: pick zh or en from Accept-Language and fill {placeholders}.
import { type Language, pickLanguage } from '@switchyard/contracts';
import { en } from './en';
import { type MessageKey, zh } from './zh';

export type { MessageKey } from './zh';
export type MessageParams = Record<string, string | number>;

const catalogues: Record<Language, Record<MessageKey, string>> = { zh, en };

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The language of a request, from its Accept-Language header (the console always sends it). */
export function languageOf(request: {
  headers: Record<string, string | string[] | undefined>;
}): Language {
  const header = request.headers['accept-language'];
  return pickLanguage(Array.isArray(header) ? header[0] : header);
}
