// The second factor's cookie name, shared by the server and its tests. No zod here: the contracts'
// main entry exports it, and that entry is in the console's first load.

/** The cookie that holds a password sign-in while it waits for its second factor. */
export const PENDING_SIGN_IN_COOKIE = 'switchyard_2fa';
