// Any OpenID Connect provider through `openid-client`: discovery from the issuer, the
// authorization URL with state, nonce and a PKCE challenge, and the code exchange whose id_token
// is checked for signature (against the provider's JWKS: enableNonRepudiationChecks, which the
// library skips unless asked), issuer, audience, nonce and expiry.
import * as client from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** What the server keeps between the redirect and the callback (in a signed cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** Bind to the signed-in account rather than sign in. */
  bind: boolean;
}

export interface OidcAccount {
  subject: string;
  name: string;
}

/** Discovery documents are fetched once per settings and kept a while (providers rotate keys,
 * which the JWKS fetch handles itself). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

export class OidcClient {
  private cached: { key: string; at: number; config: Promise<client.Configuration> } | null = null;

  private configuration(settings: OidcSettings): Promise<client.Configuration> {
    const key = JSON.stringify(settings);
    const now = Date.now();
    if (this.cached && this.cached.key === key && now - this.cached.at < DISCOVERY_TTL_MS) {
      return this.cached.config;
    }
    const config = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretPost(settings.clientSecret),
      {
        // An http:// issuer is accepted: only the super admin sets it (a local test provider).
        execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
        timeout: 10,
      },
    );
    this.cached = { key, at: now, config };
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (this.cached?.config === config) this.cached = null;
    });
    return config;
  }

  async start(
    settings: OidcSettings,
    redirectUri: string,
    bind: boolean,
  ): Promise<{ url: string; flow: OidcFlow }> {
    const config = await this.configuration(settings);
    const flow: OidcFlow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      bind,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: settings.scopes || 'openid',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, flow };
  }

  /** Exchanges the code; throws on any failed check. */
  async finish(
    settings: OidcSettings,
    redirectUri: string,
    flow: OidcFlow,
    callback: { code: string; state: string },
  ): Promise<OidcAccount> {
    const config = await this.configuration(settings);
    const currentUrl = new URL(redirectUri);
    currentUrl.searchParams.set('code', callback.code);
    currentUrl.searchParams.set('state', callback.state);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('the id_token has no subject');
    const name = [claims.preferred_username, claims.name, claims.email].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    return { subject: claims.sub, name: name ?? '' };
  }
}
