// Looking a model up in a table of model families: the exact name (case-insensitive, a
// `provider/` prefix dropped), else the longest family it starts with followed by `-`, `@` or `:`
// (`gpt-4o-2024-08-06` → `gpt-4o`, `claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`).

export function familyLookup(table: Record<string, number>): (model: string) => number | undefined {
  const byLength = Object.entries(table)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const exact = new Map(byLength);
  return (model) => {
    const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
    const found = exact.get(name);
    if (found !== undefined) return found;
    for (const [prefix, value] of byLength) {
      if (name.length > prefix.length && name.startsWith(prefix)) {
        const next = name[prefix.length];
        if (next === '-' || next === '@' || next === ':') return value;
      }
    }
    return undefined;
  };
}
