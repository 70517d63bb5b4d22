// The server's rule for a channel's base URL (the console's field is free text).

/**
 * Whether a channel's base URL may be stored: an http(s) address with no query string, fragment
 * or credentials. The gateway appends API paths to it, so a `?` or `#` would silently drop them
 * (`…/metrics#` + `/v1/models` reads `/metrics`), and credentials belong in the key.
 */
export function isAcceptableBaseUrl(url: string): boolean {
  const text = url.trim();
  if (text === '') return true;
  if (/[?#]/.test(text)) return false;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.username === '' &&
    parsed.password === ''
  );
}
