import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 and a random port, for decision 0070's tests: the
 * product's server discovers it, sends browsers to it, and exchanges codes with it over HTTP, as with ORCID or an
 * institution. Its sign-in and consent pages are plain forms the tests (fetch, or Chromium) fill in.
 */

export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  orcid?: string;
}

export interface TestProvider {
  issuer: string;
  /** Add or replace an account people can sign in as at the provider. */
  seed(account: ProviderAccount): void;
  /** The environment that configures the product with this provider: ORCID (sub = ORCID iD) and one named `uni`. */
  env(publicUrl?: string): Record<string, string>;
  close(): Promise<void>;
}

export const ORCID_CLIENT = { id: 'imse-orcid', secret: 'orcid-secret-orcid-secret-0123456789' };
export const UNI_CLIENT = { id: 'imse-uni', secret: 'uni-secret-uni-secret-0123456789abcd' };

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Start the provider; `publicUrl` is the product's (its callback is registered for both clients): a function when the
 * product starts after the provider (its address is read at the provider's first request).
 */
export async function startTestProvider(publicUrl: string | (() => string)): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let provider: Provider | null = null;
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appUrl = () => (typeof publicUrl === 'string' ? publicUrl : publicUrl());
  const client = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [`${appUrl()}/api/auth/oidc/callback`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const create = () =>
    new Provider(issuer, {
      clients: [client(ORCID_CLIENT), client(UNI_CLIENT)],
      findAccount: (_ctx: unknown, id: string) => {
        const account = accounts.get(id);
        return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
      },
      claims: {
        // As ORCID's ID token: the person's name with the `openid` scope alone (and no address).
        openid: ['sub', 'name', 'given_name', 'family_name'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'orcid'],
      },
      // The ID token carries the claims its scopes ask for (the product reads the ID token, not /userinfo).
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test-provider-cookie-key-0123456789'] },
      ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
    });
  let callback: ReturnType<Provider['callback']> | null = null;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!provider) {
      provider = create();
      callback = provider.callback();
    }
    const p = provider;
    // A browser asks for the provider's icon: none (not a missing page).
    if (req.url === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const m = /^\/interaction\/([^/]+)(\/(login|confirm))?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!m) return callback!(req, res);
    const details = await p.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (details.prompt.name === 'login') {
        res.end(
          page(
            'Sign in at the test provider',
            `<form method="post" action="/interaction/${details.uid}/login"><label for="login">Account</label> <input id="login" name="login"> <button type="submit">Sign in</button></form>`,
          ),
        );
      } else {
        res.end(
          page(
            'Share your details?',
            `<form method="post" action="/interaction/${details.uid}/confirm"><button type="submit">Allow</button></form>`,
          ),
        );
      }
      return;
    }
    if (m[3] === 'login') {
      const form = await readForm(req);
      const login = form.get('login') ?? '';
      if (!accounts.has(login)) {
        res.statusCode = 400;
        res.end(page('Unknown account', '<p>No such account at the test provider.</p>'));
        return;
      }
      await p.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    // Consent: everything asked for.
    const accountId = details.session?.accountId ?? '';
    const grant = details.grantId
      ? ((await p.Grant.find(details.grantId)) ?? new p.Grant({ accountId, clientId: details.params.client_id }))
      : new p.Grant({ accountId, clientId: details.params.client_id });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    seed: (account) => accounts.set(account.sub, account),
    env: (url = appUrl()) => ({
      ORCID_CLIENT_ID: ORCID_CLIENT.id,
      ORCID_CLIENT_SECRET: ORCID_CLIENT.secret,
      ORCID_ISSUER: issuer,
      OIDC_PROVIDERS: 'uni',
      OIDC_UNI_ISSUER: issuer,
      OIDC_UNI_CLIENT_ID: UNI_CLIENT.id,
      OIDC_UNI_CLIENT_SECRET: UNI_CLIENT.secret,
      OIDC_UNI_LABEL: 'University Login',
      PUBLIC_URL: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser as far as redirects and cookies go: follows 30x by hand, keeps each host's cookies, and sends requests for
 * the product's address to `app` (app.inject) and all others over the network.
 */
export class RedirectBrowser {
  private jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly appOrigin: string,
    private readonly inject: (opts: { method: string; url: string; headers: Record<string, string>; payload?: string }) => Promise<{
      statusCode: number;
      headers: Record<string, string | string[] | number | undefined>;
      body: string;
    }>,
  ) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    this.jars.get(origin)!.set(name, value);
  }

  private keep(origin: string, setCookies: string[]): void {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.jars.get(origin)?.delete(name);
      else this.setCookie(origin, name, value);
    }
  }

  private header(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    opts: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ status: number; location: string | null; body: string; url: string }> {
    const u = new URL(url, this.appOrigin);
    const method = opts.method ?? 'GET';
    const payload = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const headers: Record<string, string> = { cookie: this.header(u.origin) };
    if (payload) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (u.origin === this.appOrigin) {
      const res = await this.inject({ method, url: u.pathname + u.search, headers, payload });
      const set = res.headers['set-cookie'];
      this.keep(u.origin, Array.isArray(set) ? set : set ? [String(set)] : []);
      const loc = res.headers.location;
      return { status: res.statusCode, location: loc ? new URL(String(loc), u).href : null, body: res.body, url: u.href };
    }
    const res = await fetch(u, { method, headers, body: payload, redirect: 'manual' });
    this.keep(u.origin, res.headers.getSetCookie());
    const loc = res.headers.get('location');
    return { status: res.status, location: loc ? new URL(loc, u).href : null, body: await res.text(), url: u.href };
  }

  /** Follow redirects from `url` until a page answers (or the app's landing page with its fragment is reached). */
  async follow(url: string, opts: { method?: string; form?: Record<string, string> } = {}) {
    let res = await this.request(url, opts);
    for (let i = 0; i < 20 && res.location; i++) {
      if (res.location.startsWith(`${this.appOrigin}/login/oidc`)) return { ...res, landing: res.location };
      res = await this.request(res.location);
    }
    return { ...res, landing: null as string | null };
  }
}
