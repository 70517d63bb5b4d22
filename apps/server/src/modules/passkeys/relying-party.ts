// Who the passkeys belong to (WebAuthn's relying party): the host of option ServerAddress, else
// the host the request came to. A passkey made for one host never signs in on another.
import type { FastifyRequest } from 'fastify';
import type { OptionsStore } from '../options/options.store';

export interface RelyingParty {
  /** The RP ID: a host name, no scheme or port. */
  id: string;
  /** The origin the browser must report (`https://host[:port]`). */
  origin: string;
  /** Shown by the browser beside the passkey. */
  name: string;
}

const originOf = (address: string): URL | null => {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

export function relyingPartyOf(options: OptionsStore, request: FastifyRequest): RelyingParty {
  const name = options.getString('SystemName').trim() || 'Switchyard';
  const configured = originOf(options.getString('ServerAddress').trim());
  // new URL drops a default port (:80, :443), as the browser's origin does.
  const url = configured ?? originOf(`${request.protocol}://${request.host}`);
  if (!url) throw new Error(`no origin for host ${request.host}`);
  return { id: url.hostname, origin: url.origin, name };
}
