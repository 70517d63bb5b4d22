// Look-alike usernames across every script (Unicode TR39 confusable skeletons): `rօօt` (Armenian),
// `rᴏᴏt` (small capitals), `rഠഠt` (Malayalam) and `admın` (dotless i) all have the skeleton of
// `root` or `admin`, so none may sit beside them. The mapping is Unicode's confusables.txt as the
// `unhomoglyph` package ships it (one code point → its prototype), read on first use: a table most
// requests never need. (Its own function builds a 6,000-branch regular expression; a map per
// code point gives the same result for half the memory.)
import { createRequire } from 'node:module';

let table: Map<string, string> | undefined;

/**
 * The table's entries for ASCII characters (a test holds them equal to the data): a name in ASCII,
 * as most are and as `root` is when the first start creates it, needs no table, so a new server
 * does not load 6,000 entries while it starts.
 */
export const ASCII_CONFUSABLES: ReadonlyMap<string, string> = new Map([
  ['0', 'O'],
  ['1', 'l'],
  ['`', "'"],
  ['"', "''"],
  ['|', 'l'],
  ['I', 'l'],
  ['%', 'º/₀'],
  ['m', 'rn'],
]);

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function confusables(): Map<string, string> {
  if (!table) {
    const data: unknown = createRequire(import.meta.url)('unhomoglyph/data.json');
    table = new Map(Object.entries(data as Record<string, string>));
  }
  return table;
}

/**
 * TR39's skeleton (NFD, each confusable replaced by its prototype, NFD again) of the lower-cased
 * name, lower-cased again: names are unique whatever their case, and some prototypes are capitals
 * (`0` → `O`).
 */
export function usernameSkeleton(username: string): string {
  const decomposed = username.toLowerCase().normalize('NFD');
  const map = isAscii(decomposed) ? ASCII_CONFUSABLES : confusables();
  let mapped = '';
  for (const char of decomposed) mapped += map.get(char) ?? char;
  return mapped.normalize('NFD').toLowerCase();
}
