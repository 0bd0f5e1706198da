import { describe, expect, test } from 'vitest';
import { safeReturnPath } from '../../core/schemas/signin';
import { OidcConfigError, parseOidcProviders } from './oidc-config';

describe('parseOidcProviders (decision 0070)', () => {
  test('none configured: none', () => {
    expect(parseOidcProviders({})).toEqual([]);
  });

  test('ORCID with its default issuer, and named providers with their labels', () => {
    expect(
      parseOidcProviders({
        ORCID_CLIENT_ID: 'APP-1',
        ORCID_CLIENT_SECRET: 's1',
        OIDC_PROVIDERS: 'uni, Lab',
        OIDC_UNI_ISSUER: 'https://login.uni.example/',
        OIDC_UNI_CLIENT_ID: 'c2',
        OIDC_UNI_CLIENT_SECRET: 's2',
        OIDC_UNI_LABEL: 'University of X',
        OIDC_LAB_ISSUER: 'http://127.0.0.1:8080',
        OIDC_LAB_CLIENT_ID: 'c3',
        OIDC_LAB_CLIENT_SECRET: 's3',
      }),
    ).toEqual([
      { id: 'orcid', label: 'ORCID', issuer: 'https://orcid.org', clientId: 'APP-1', clientSecret: 's1', orcid: true },
      { id: 'uni', label: 'University of X', issuer: 'https://login.uni.example', clientId: 'c2', clientSecret: 's2', orcid: false },
      { id: 'lab', label: 'Lab', issuer: 'http://127.0.0.1:8080', clientId: 'c3', clientSecret: 's3', orcid: false },
    ]);
  });

  test('a missing secret, a missing issuer or plain http elsewhere than this machine stops startup with the name', () => {
    expect(() => parseOidcProviders({ ORCID_CLIENT_ID: 'x' })).toThrow(/ORCID_CLIENT_SECRET/);
    expect(() => parseOidcProviders({ OIDC_PROVIDERS: 'uni', OIDC_UNI_CLIENT_ID: 'a', OIDC_UNI_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_UNI_ISSUER/,
    );
    expect(() =>
      parseOidcProviders({
        OIDC_PROVIDERS: 'uni',
        OIDC_UNI_ISSUER: 'http://login.uni.example',
        OIDC_UNI_CLIENT_ID: 'a',
        OIDC_UNI_CLIENT_SECRET: 'b',
      }),
    ).toThrow(OidcConfigError);
    expect(() => parseOidcProviders({ OIDC_PROVIDERS: 'bad-name' })).toThrow(/letters and digits/);
  });
});

describe('safeReturnPath', () => {
  test('a path of this site only', () => {
    expect(safeReturnPath('/author/dashboard?x=1')).toBe('/author/dashboard?x=1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a\nb', '', 'relative']) {
      expect(safeReturnPath(bad), bad).toBeNull();
    }
  });
});
