// Personal settings calls of passkeys (the contracts' passkeys table): list, add (the server's
// options, the browser's ceremony, the server's check) and delete.
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { createEndpointApi } from '@switchyard/console-kit';
import type { PasskeyEntry } from '@switchyard/contracts';
import { passkeyEndpoints } from '@switchyard/contracts/endpoints';

const passkeysApi = createEndpointApi(passkeyEndpoints);

export const listPasskeys = (): Promise<PasskeyEntry[]> => passkeysApi.list();

export const deletePasskey = (id: number): Promise<void> => passkeysApi.remove({ params: { id } });

/** Runs the whole registration; the browser shows its own prompt in between. */
export async function addPasskey(name: string): Promise<PasskeyEntry> {
  const options = await passkeysApi.registerOptions();
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return passkeysApi.registerVerify({ body: { credential, name } });
}
