// A software passkey authenticator for tests: makes ES256 credentials and signs registration
// ("none" attestation) and sign-in responses exactly as a browser hands them to the server, with
// node:crypto and the CBOR encoder @simplewebauthn/server ships.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();

interface ClientData {
  type: 'webauthn.create' | 'webauthn.get';
  challenge: string;
  origin: string;
}

const clientDataOf = (data: ClientData): Buffer =>
  Buffer.from(JSON.stringify({ ...data, crossOrigin: false }));

export interface SoftCredentialOptions {
  /** The RP ID the authenticator signs for (default: the options' rp.id). */
  rpId?: string;
  origin: string;
  userVerified?: boolean;
}

/** One credential held by the software authenticator. */
export class SoftCredential {
  readonly id = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle = '';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get idText(): string {
    return b64url(this.id);
  }

  /** `startRegistration()`'s JSON for creation options `{challenge, rp: {id}, user: {id}}`. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    { rpId, origin, userVerified = true }: SoftCredentialOptions,
  ) {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([
      this.authDataHead(rpId ?? options.rp.id ?? '', FLAG_AT | (userVerified ? FLAG_UV : 0)),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientData = clientDataOf({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
    });
    return {
      id: this.idText,
      rawId: this.idText,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** `startAuthentication()`'s JSON for request options `{challenge, rpId}`. */
  authenticate(
    options: { challenge: string; rpId?: string },
    { rpId, origin, userVerified = true }: SoftCredentialOptions,
  ) {
    this.counter += 1;
    const authData = this.authDataHead(rpId ?? options.rpId ?? '', userVerified ? FLAG_UV : 0);
    const clientData = clientDataOf({ type: 'webauthn.get', challenge: options.challenge, origin });
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: this.idText,
      rawId: this.idText,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }

  private authDataHead(rpId: string, flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags | FLAG_UP]), count]);
  }
}
