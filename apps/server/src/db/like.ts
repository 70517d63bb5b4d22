// LIKE patterns that match user text literally on every engine (SQLite has no default escape
// character, and a backslash means different things in MySQL string literals, so `!` is used).
import { type Expression, type RawBuilder, sql } from 'kysely';

const escapeLike = (text: string): string => text.replace(/[!%_]/g, (c) => `!${c}`);

/** `column LIKE '%text%'` with the text's own % and _ taken literally. */
export function likeContains(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${`%${escapeLike(text)}%`} escape '!'`;
}

/** `column LIKE 'text%'` with the text's own % and _ taken literally. */
export function likeStartsWith(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${`${escapeLike(text)}%`} escape '!'`;
}
