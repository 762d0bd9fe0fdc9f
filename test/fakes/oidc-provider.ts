import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import Provider from 'oidc-provider';

/** One person the fake provider knows, by the login typed on its sign-in form. */
export interface FakeOidcAccount {
  email: string;
  emailVerified: boolean;
  name: string;
  /** A claim our app must ignore: the provider never decides a role. */
  role?: string;
}

export const FAKE_OIDC_CLIENT = { id: 'postwell-test', secret: 'postwell-test-secret-0123456789abcdef' };

/** The test accounts: log in on the provider's form with the key (any password). */
export const FAKE_OIDC_ACCOUNTS: Record<string, FakeOidcAccount> = {
  alice: { email: 'alice@example.com', emailVerified: true, name: 'Alice Provider' },
  carol: { email: 'carol@example.com', emailVerified: true, name: 'Carol New', role: 'super_admin' },
  mallory: { email: 'bob@example.com', emailVerified: false, name: 'Mallory Unverified' },
  dave: { email: 'dave@example.com', emailVerified: false, name: 'Dave Unverified' },
  erin: { email: 'erin@example.com', emailVerified: true, name: 'Erin Nobody' },
};

export interface FakeOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, an OpenID-certified implementation) on 127.0.0.1,
 * with one confidential client, PKCE required, and its development login and consent pages: any login
 * from FAKE_OIDC_ACCOUNTS with any password signs in, "Continue" consents.
 */
export async function startFakeOidcProvider(options: {
  port: number;
  redirectUris: string[];
}): Promise<FakeOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: FAKE_OIDC_CLIENT.id,
        client_secret: FAKE_OIDC_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'role'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['fake-oidc-cookie-key-0123456789'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = FAKE_OIDC_ACCOUNTS[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          ...(account.role ? { role: account.role } : {}),
        }),
      };
    },
  });
  // The library reports its development warnings on the console; a test has no use for them.
  provider.on('server_error', () => {});
  const handler = provider.callback();
  const server: Server = createServer((req, res) => handler(req, res));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser does at the provider, over plain HTTP: opens the authorization URL, signs in on the
 * login form as `login` (any password), consents, and returns the address the provider sends it back to
 * (our callback with `code`, `state` and `iss`).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';', 1);
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== new URL(authorizationUrl).origin) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]{0,200}action="([^"]{1,300})"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]{1,20})"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider showed no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const posted = await send(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider's ${prompt} form answered ${posted.status}`);
    url = new URL(after, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
