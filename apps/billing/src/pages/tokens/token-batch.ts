// Batch creation: the first token keeps the name, extra ones get a random 6-character suffix.
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomSuffix(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export const batchNames = (name: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => (i === 0 ? name : `${name}-${randomSuffix()}`));

/** Copy-selected text: one line per token, the name then `sk-` and the key. */
export const tokensClipboardText = (tokens: readonly { name: string; key: string }[]): string =>
  tokens.map((token) => `${token.name}    sk-${token.key}`).join('\n');
