// Usernameless sign-in with a passkey: the server's request options, the browser's prompt, the
// server's check, which starts the same session a password sign-in does. Loaded when the login
// page's passkey button is clicked, so the ceremony library and the endpoint table's schemas stay
// out of a cold /login.
import {
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from '@simplewebauthn/browser';
import { createEndpointApi } from '@switchyard/console-kit';
import type { SessionUser } from '@switchyard/contracts';
import { passkeyEndpoints } from '@switchyard/contracts/endpoints';

const passkeysApi = createEndpointApi(passkeyEndpoints);

export async function signInWithPasskey(): Promise<SessionUser> {
  const options = await passkeysApi.loginOptions();
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return passkeysApi.loginVerify({ body: { credential } });
}
