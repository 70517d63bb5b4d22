// Usernames: one canonical form (NFKC, trimmed), printable characters only, and no name that mixes
// look-alike scripts, so `root\u200b`, a right-to-left override or a Cyrillic `rооt` cannot pose as
// another user. Uniqueness is case-insensitive (the server compares lower-cased names).

export type UsernameProblem = 'invalid' | 'confusable';

export const normaliseUsername = (raw: string): string => raw.normalize('NFKC').trim();

/** Control, format (zero-width, bidi), unassigned, private-use characters and any whitespace. */
const NOT_PRINTABLE = /[\p{C}\p{Z}\s]/u;
/** Scripts whose letters pass for one another (Latin a/Cyrillic а/Greek α …). */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

export function usernameProblem(name: string): UsernameProblem | null {
  if (NOT_PRINTABLE.test(name)) return 'invalid';
  const scripts = LOOK_ALIKE_SCRIPTS.filter((script) => script.test(name)).length;
  return scripts > 1 ? 'confusable' : null;
}
