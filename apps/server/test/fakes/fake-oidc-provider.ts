// A loopback OpenID Connect provider: discovery document, JWKS, an authorize endpoint that
// remembers the request (state, nonce, PKCE challenge) and a token endpoint that checks the client
// and the PKCE verifier and returns an RS256 id_token signed with jose. A test tweaks the next
// id_token (wrong nonce, another key, expired, another issuer) through `nextToken`.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { startLoopbackServer } from './loopback-server';

export interface IdTokenTweak {
  nonce?: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for a token that has expired. */
  expiresIn?: number;
  /** Sign with a key the JWKS does not list. */
  foreignKey?: boolean;
}

export interface FakeOidcProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The authorization request of a code, as the provider saw it. */
  authorizations: Map<string, URLSearchParams>;
  /** Issues a code for this subject, as if the user had signed in at the provider. */
  authorize(authorizeUrl: string, subject: string, name: string): string;
  nextToken: IdTokenTweak;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const keys = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { subject: string; name: string; request: URLSearchParams }>();
  const authorizations = new Map<string, URLSearchParams>();
  let issued = 0;
  const provider: FakeOidcProvider = {
    url: '',
    clientId: 'oidc-client',
    clientSecret: 'oidc-secret-value',
    authorizations,
    nextToken: {},
    authorize(authorizeUrl, subject, name) {
      issued += 1;
      const code = `code-${issued}`;
      const request = new URL(authorizeUrl).searchParams;
      codes.set(code, { subject, name, request });
      authorizations.set(code, request);
      return code;
    },
    close: async () => undefined,
  };

  const signIdToken = async (claims: JWTPayload, tweak: IdTokenTweak): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const key = tweak.foreignKey ? foreign.privateKey : keys.privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuer(tweak.issuer ?? provider.url)
      .setAudience(tweak.audience ?? provider.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + (tweak.expiresIn ?? 300))
      .sign(key);
  };

  const loopback = await startLoopbackServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/.well-known/openid-configuration') {
      json(response, 200, {
        issuer: provider.url,
        authorization_endpoint: `${provider.url}/authorize`,
        token_endpoint: `${provider.url}/token`,
        jwks_uri: `${provider.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
      return;
    }
    if (url.pathname === '/jwks') {
      json(response, 200, { keys: [jwk] });
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        !grant ||
        form.get('client_id') !== provider.clientId ||
        form.get('client_secret') !== provider.clientSecret ||
        grant.request.get('code_challenge') !== challenge
      ) {
        json(response, 400, { error: 'invalid_grant' });
        return;
      }
      const tweak = provider.nextToken;
      provider.nextToken = {};
      const idToken = await signIdToken(
        {
          sub: grant.subject,
          name: grant.name,
          nonce: tweak.nonce ?? grant.request.get('nonce') ?? '',
        },
        tweak,
      );
      json(response, 200, {
        access_token: `at-${issued}`,
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
      return;
    }
    json(response, 404, { error: 'not_found' });
  });
  provider.url = loopback.url;
  provider.close = loopback.close;
  return provider;
}
