// Look-alike usernames across every script (Unicode TR39 confusable skeletons): `rօօt` (Armenian),
// `rᴏᴏt` (small capitals), `rഠഠt` (Malayalam) and `admın` (dotless i) all have the skeleton of
// `root` or `admin`, so none may sit beside them. The mapping is Unicode's confusables.txt as the
// `unhomoglyph` package ships it, loaded on first use (it is a large table most requests never need).

type Unhomoglyph = (text: string) => string;

let table: Promise<Unhomoglyph> | undefined;

function confusables(): Promise<Unhomoglyph> {
  table ??= import('unhomoglyph').then((module) => module.default);
  return table;
}

/**
 * TR39's skeleton (NFD, map each confusable to its prototype, NFD again) of the lower-cased name,
 * lower-cased again: names are unique whatever their case, and some prototypes are capitals
 * (`0` → `O`).
 */
export async function usernameSkeleton(username: string): Promise<string> {
  const map = await confusables();
  return map(username.toLowerCase().normalize('NFD')).normalize('NFD').toLowerCase();
}
