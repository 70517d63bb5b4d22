// Who is calling a signed-in route: resolved by the sessions module, read by plugins/auth and by
// every service that acts for a caller. Here, not in modules/sessions, so nothing below a domain
// module imports one to learn the caller's type.

/** Who is calling: read fresh from the users row on every request. */
export interface Identity {
  userId: number;
  username: string;
  role: number;
  group: string;
  /** The session row id when signed in by cookie; null for access-token calls. */
  sessionId: string | null;
}
