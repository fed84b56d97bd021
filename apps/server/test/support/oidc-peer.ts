import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// a real OpenID Connect provider on 127.0.0.1 (oidc-provider): authorization code flow with
// state, nonce and PKCE, signed id tokens, a JWKS and a userinfo endpoint. It has no login
// screen: each authorization signs in `peer.account` at once, or refuses consent when
// `peer.refuseConsent` is set, so a test (or a browser) goes through the whole redirect flow.

export interface PeerAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface OidcPeer {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  account: PeerAccount;
  refuseConsent: boolean;
  /** how many authorizations it answered */
  authorizations: number;
  close(): Promise<void>;
}

export async function startOidcPeer(opts: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
  account?: PeerAccount;
  /** put email and name in the id token itself, as Google and Apple do (default: only in userinfo) */
  profileInIdToken?: boolean;
}): Promise<OidcPeer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const peer: OidcPeer = {
    issuer,
    port,
    clientId: opts.clientId ?? 'sayspell-test',
    clientSecret: opts.clientSecret ?? 'sayspell-test-secret-0123456789abcdef',
    account: opts.account ?? { sub: 'peer-user-1', email: 'ada@example.org', name: 'Ada Lovelace' },
    refuseConsent: false,
    authorizations: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: peer.clientId,
        client_secret: peer.clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    conformIdTokenClaims: !opts.profileInIdToken,
    pkce: { required: () => false },
    cookies: { keys: ['sayspell-oidc-peer-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const a = peer.account;
      if (sub !== a.sub) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: a.email, email_verified: a.emailVerified ?? true, name: a.name }),
      };
    },
  });
  const callback = provider.callback();

  // the interaction pages a person would see, answered at once
  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (peer.refuseConsent) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User refused consent' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      peer.authorizations++;
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: peer.account.sub } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return;
    }
    // consent: grant what was asked
    const grant = new provider.Grant({ accountId: peer.account.sub, clientId: peer.clientId });
    const scope = String(details.params.scope ?? 'openid');
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    callback(req, res);
  });
  return peer;
}
