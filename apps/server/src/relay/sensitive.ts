// Sensitive-word check of prompts (CheckSensitiveEnabled + CheckSensitiveOnPromptEnabled): a hit
// refuses the request before any upstream call.
import type { OptionsStore } from '../modules/options/options.store';

let cached: { raw: string; words: string[] } | undefined;

function wordsOf(raw: string): string[] {
  if (cached?.raw !== raw) {
    const words = raw
      .split(/\r?\n/)
      .map((word) => word.trim().toLowerCase())
      .filter(Boolean);
    cached = { raw, words };
  }
  return cached.words;
}

/** The configured words found in the text (empty when the check is off or nothing matches). */
export function findSensitiveWords(options: OptionsStore, text: string): string[] {
  if (
    !options.getBool('CheckSensitiveEnabled') ||
    !options.getBool('CheckSensitiveOnPromptEnabled')
  ) {
    return [];
  }
  const words = wordsOf(options.getString('SensitiveWords'));
  if (words.length === 0) return [];
  const lower = text.toLowerCase();
  return words.filter((word) => lower.includes(word));
}
