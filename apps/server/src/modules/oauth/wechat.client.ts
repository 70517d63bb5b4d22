// The WeChat verification server: it turns a code the user got from the official account into
// that user's id. Asked with the configured server token.
const TIMEOUT_MS = 10_000;

/** The WeChat id for a code, or null when the server does not accept the code. */
export async function fetchWeChatId(
  serverAddress: string,
  serverToken: string,
  code: string,
): Promise<string | null> {
  const url = new URL('/api/wechat/user', serverAddress);
  url.searchParams.set('code', code);
  const response = await fetch(url, {
    headers: { authorization: serverToken },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { success?: unknown; data?: unknown };
  if (!response.ok || body.success !== true || typeof body.data !== 'string' || !body.data) {
    return null;
  }
  return body.data;
}
