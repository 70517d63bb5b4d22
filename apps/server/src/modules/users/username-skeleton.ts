// Look-alike usernames across every script (Unicode TR39 confusable skeletons): `rօօt` (Armenian),
// `rᴏᴏt` (small capitals), `rഠഠt` (Malayalam) and `admın` (dotless i) all have the skeleton of
// `root` or `admin`, so none may sit beside them. The mapping is Unicode's confusables.txt as the
// `unhomoglyph` package ships it (one code point → its prototype), read on first use: a table most
// requests never need. (Its own function builds a 6,000-branch regular expression; a map per
// code point gives the same result for half the memory.)
import { createRequire } from 'node:module';

let table: Map<string, string> | undefined;

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
  const map = confusables();
  let mapped = '';
  for (const char of username.toLowerCase().normalize('NFD')) mapped += map.get(char) ?? char;
  return mapped.normalize('NFD').toLowerCase();
}
