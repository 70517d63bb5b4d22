// Sensitive-word check of prompts (CheckSensitiveEnabled + CheckSensitiveOnPromptEnabled): a hit
// refuses the request before any upstream call. One automaton per word list, built when the list
// changes; a prompt is read once whatever the number of words, in slices between which other
// requests run.
import type { OptionsStore } from '../../modules/options/options.store';
import { WordMatcher } from './word-matcher';

/** Words named in the refusal: enough to find them, and the message stays short. */
export const REPORTED_WORDS = 10;

// The build in progress is shared: requests arriving meanwhile wait for the same automaton.
let cached: { raw: string; matcher: Promise<WordMatcher> } | undefined;

function matcherOf(raw: string): Promise<WordMatcher> {
  if (cached?.raw !== raw) {
    const words = raw.split(/\r?\n/).map((word) => word.trim());
    cached = { raw, matcher: WordMatcher.build(words, { ignoreCase: true }) };
  }
  return cached.matcher;
}

/** The configured words found in the text (empty when the check is off or nothing matches). */
export async function findSensitiveWords(options: OptionsStore, text: string): Promise<string[]> {
  if (
    !options.getBool('CheckSensitiveEnabled') ||
    !options.getBool('CheckSensitiveOnPromptEnabled')
  ) {
    return [];
  }
  const raw = options.getString('SensitiveWords');
  if (raw.trim() === '') return [];
  const matcher = await matcherOf(raw);
  return matcher.find(text, REPORTED_WORDS);
}
