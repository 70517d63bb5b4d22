// The browser half of passkeys, shared by personal settings and the login page. The ceremony code
// (@simplewebauthn/browser) is imported when a ceremony starts, never with the page.
import { Message } from '@arco-design/web-react';
import { reportError } from '@switchyard/console-kit';
import type { TFunction } from 'i18next';

/** Whether this browser can make and use passkeys at all (WebAuthn present). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's refusals (WebAuthnError codes), in the user's words. */
const BROWSER_FAILURES: Record<string, string> = {
  ERROR_CEREMONY_ABORTED: 'passkeys.cancelled',
  // NotAllowedError: the user closed the prompt, it timed out, or no passkey was chosen.
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: 'passkeys.cancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'passkeys.alreadyRegistered',
  ERROR_INVALID_DOMAIN: 'passkeys.invalidDomain',
  ERROR_INVALID_RP_ID: 'passkeys.invalidDomain',
};

/** Shows why a ceremony failed: the browser's refusal in our words, the server's reply (an
 * ApiError) through the kit's central messages. */
export function reportPasskeyError(error: unknown, t: TFunction): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && code.startsWith('ERROR_')) {
    Message.warning(t(BROWSER_FAILURES[code] ?? 'passkeys.failed'));
    return;
  }
  reportError(error);
}
