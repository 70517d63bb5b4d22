// Passkeys (WebAuthn, issue 33): what the console sends from `navigator.credentials` (the JSON
// forms @simplewebauthn/browser produces) and what the server lists. The ceremony's options are
// WebAuthn's own JSON shapes, passed through to the browser untouched.
import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/);
/** A credential id: at most 1,023 bytes by the spec; we keep those up to 384 (512 characters). */
const credentialId = base64url.min(1).max(512);
/** A WebAuthn transport (`internal`, `usb`, `hybrid` …); browsers add new names over time. */
const transport = z.string().regex(/^[a-z-]{1,16}$/);
const attachment = z.enum(['cross-platform', 'platform']);
/** The extensions' outputs the server reads (none yet but credProps); others are dropped. */
const extensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .default({});

/** `startRegistration()`'s result: a new credential with its attestation. */
export const registrationCredentialSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: base64url.max(4096),
    attestationObject: base64url.max(65536),
    authenticatorData: base64url.max(65536).optional(),
    transports: z.array(transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.max(4096).optional(),
  }),
});

/** `startAuthentication()`'s result: an assertion signed by a credential. */
export const authenticationCredentialSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: base64url.max(4096),
    authenticatorData: base64url.max(4096),
    signature: base64url.max(4096),
    userHandle: base64url.max(512).optional(),
  }),
});

export const passkeyRegisterRequestSchema = z.object({
  credential: registrationCredentialSchema,
  /** What the user calls this passkey; defaults to the time it was added. */
  name: z.string().trim().max(64).default(''),
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

export const passkeyLoginRequestSchema = z.object({ credential: authenticationCredentialSchema });
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;

export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const passkeyUserParamsSchema = z.object({
  user_id: z.coerce.number().int().positive(),
});

/** An admin's reset: how many passkeys the user had. */
export const passkeyResetReplySchema = z.object({ removed: z.number().int() });

export const passkeyEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.number().int(),
  /** 0 until it first signs in. */
  last_used_at: z.number().int(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager …). */
  backed_up: z.boolean(),
});
export type PasskeyEntry = z.infer<typeof passkeyEntrySchema>;

/** WebAuthn's `PublicKeyCredential{Creation,Request}OptionsJSON`, handed to the browser as is. */
export const passkeyOptionsSchema = z
  .looseObject({ challenge: base64url })
  .meta({ description: "WebAuthn options JSON for navigator.credentials (the browser's input)" });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
