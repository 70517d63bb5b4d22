// Types that keep every language of a namespace complete: English must have exactly the Chinese keys.

export interface TranslationTree {
  readonly [key: string]: string | TranslationTree;
}

/** The same tree shape as `T`, with any string at the leaves. */
export type TranslationOf<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]>;
};

export interface NamespaceTranslations<T extends TranslationTree = TranslationTree> {
  zh: T;
  en: TranslationOf<T>;
}

/** Dotted paths present in `a` and missing from `b` (for tests of translation completeness). */
export function missingKeys(a: TranslationTree, b: TranslationTree, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(a)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const other = b[key];
    if (typeof value === 'string') {
      if (typeof other !== 'string' || other.trim() === '') missing.push(path);
    } else if (other === undefined || typeof other === 'string') {
      missing.push(path);
    } else {
      missing.push(...missingKeys(value, other, path));
    }
  }
  return missing;
}
