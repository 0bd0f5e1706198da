/** A provider's settings are wrong: loadConfig stops startup with this message (src/server/config.ts). */
export class OidcConfigError extends Error {}

/** One OpenID Connect provider the organiser configured (decision 0070). */
export interface OidcProviderConfig {
  /** Lower-case id, in addresses and in the identities table: 'orcid', 'uni'… */
  id: string;
  /** The button's name: "Sign in with <label>". */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** ORCID: the provider's `sub` is the person's ORCID iD. */
  orcid: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function issuerUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcConfigError(`Invalid configuration:\n  ${name}: must be the provider's issuer URL`);
  }
  // Plain HTTP only on this machine (a provider run by the tests or a developer); anything else over TLS.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new OidcConfigError(`Invalid configuration:\n  ${name}: must be an https:// URL`);
  }
  return value.replace(/\/$/, '');
}

/**
 * The providers from the environment (decision 0070, README "Sign-in with ORCID or OpenID Connect"):
 * ORCID_CLIENT_ID and ORCID_CLIENT_SECRET (ORCID_ISSUER, default https://orcid.org) for ORCID; and for each name in
 * OIDC_PROVIDERS (comma-separated), OIDC_<NAME>_ISSUER, OIDC_<NAME>_CLIENT_ID, OIDC_<NAME>_CLIENT_SECRET and an
 * optional OIDC_<NAME>_LABEL. None set: none configured, and /login is as it was.
 */
export function parseOidcProviders(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  const orcidId = env.ORCID_CLIENT_ID?.trim();
  if (orcidId) {
    const secret = env.ORCID_CLIENT_SECRET?.trim();
    if (!secret) throw new OidcConfigError('Invalid configuration:\n  ORCID_CLIENT_SECRET: must be set with ORCID_CLIENT_ID');
    providers.push({
      id: 'orcid',
      label: 'ORCID',
      issuer: issuerUrl('ORCID_ISSUER', env.ORCID_ISSUER?.trim() || 'https://orcid.org'),
      clientId: orcidId,
      clientSecret: secret,
      orcid: true,
    });
  }
  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!/^[A-Za-z][A-Za-z0-9]{0,19}$/.test(name)) {
      throw new OidcConfigError(`Invalid configuration:\n  OIDC_PROVIDERS: "${name}" must be letters and digits (at most 20)`);
    }
    const key = `OIDC_${name.toUpperCase()}_`;
    const id = name.toLowerCase();
    if (providers.some((p) => p.id === id)) throw new OidcConfigError(`Invalid configuration:\n  OIDC_PROVIDERS: "${name}" is named twice`);
    const need = (suffix: string) => {
      const v = env[key + suffix]?.trim();
      if (!v) throw new OidcConfigError(`Invalid configuration:\n  ${key}${suffix}: must be set (OIDC_PROVIDERS names ${name})`);
      return v;
    };
    providers.push({
      id,
      label: env[`${key}LABEL`]?.trim() || name,
      issuer: issuerUrl(`${key}ISSUER`, need('ISSUER')),
      clientId: need('CLIENT_ID'),
      clientSecret: need('CLIENT_SECRET'),
      orcid: false,
    });
  }
  return providers;
}
