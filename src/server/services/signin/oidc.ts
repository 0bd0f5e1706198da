import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { newId } from '../../../core/ids';
import { normaliseOrcid } from '../../../core/proceedings';
import { nameOrEmailPrefix } from '../../../core/schemas/auth';
import type { Role } from '../../../core/schemas/common';
import { safeReturnPath, type AccountSecurityJson, type OidcCompleteJson } from '../../../core/schemas/signin';
import type { LoginLimiter } from '../../auth/login-limiter';
import type { OidcProviderConfig } from '../../auth/oidc-config';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { oidcFlows, settings, userIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { lockAccountDecisions } from '../accounts/sign-up-user';
import { hashSecret, randomTicket, secondFactorState, signIn, type SignInContext } from './second-factor';

/*
 * Decision 0070: signing in with an OpenID Connect provider. The authorization code flow with PKCE (S256), through
 * openid-client. State, nonce and code verifier stay in the database (oidc_flows), the state only as its hash; the
 * browser that started the flow holds a random value in an HttpOnly cookie, and only that browser may finish it.
 */

/** How long a started sign-in may take at the provider, and then how long the app has to collect its outcome. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const OIDC_COOKIE = 'oidc_browser';
export const CALLBACK_PATH = '/api/auth/oidc/callback';
/** Where the callback sends the browser, the ticket in the fragment (never sent to a server, never in a Referer). */
export const APP_LANDING = '/login/oidc';

const BAD_STATE = 'This sign-in was not started in this browser, or it has expired. Please start again from the login page.';
const FLOW_GONE = 'This sign-in has expired or was started in another browser. Please start again from the login page.';
const RETURN_REFUSED = 'The address to return to after signing in must be a page of this site.';

const unreachable = (p: OidcProviderConfig) =>
  new AppError('unavailable', `${p.label} cannot be reached just now. Please try again in a few minutes, or log in with your password.`);

/** Discovery, kept per provider once it worked (a failure is tried again on the next sign-in). */
const discovered = new Map<string, Promise<client.Configuration>>();

async function configurationOf(p: OidcProviderConfig): Promise<client.Configuration> {
  const key = `${p.id} ${p.issuer} ${p.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = client.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
      timeout: 5,
      ...(p.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}),
    });
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  try {
    return await found;
  } catch {
    throw unreachable(p);
  }
}

export function findProvider(providers: readonly OidcProviderConfig[], id: string): OidcProviderConfig {
  const p = providers.find((x) => x.id === id);
  if (!p) throw new AppError('not_found', 'No such sign-in provider is configured here');
  return p;
}

/** Start a sign-in (or, with `linkUserId`, the linking of an identity): the provider's address and the browser's cookie value. */
export async function startOidc(opts: {
  db: Db;
  provider: OidcProviderConfig;
  publicUrl: string;
  role: Role;
  returnTo?: string;
  linkUserId?: string;
}): Promise<{ url: string; browser: string }> {
  const { db, provider } = opts;
  let returnTo = '';
  if (opts.returnTo !== undefined && opts.returnTo !== '') {
    const safe = safeReturnPath(opts.returnTo);
    if (!safe) throw new AppError('bad_request', RETURN_REFUSED);
    returnTo = safe;
  }
  const config = await configurationOf(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  const browser = randomTicket();
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date()));
  await db.insert(oidcFlows).values({
    id: newId(),
    stateHash: hashSecret(state),
    browserHash: hashSecret(browser),
    provider: provider.id,
    nonce,
    codeVerifier,
    returnTo,
    role: opts.role,
    linkUserId: opts.linkUserId ?? null,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${opts.publicUrl}${CALLBACK_PATH}`,
    // ORCID's OpenID Connect gives the iD as `sub`; other providers the address too.
    scope: provider.orcid ? 'openid' : 'openid email profile',
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  });
  return { url: url.href, browser };
}

/** A string claim, or null. */
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The provider sent the browser back: the state must be one this browser started (once, in time); the code is
 * exchanged with the PKCE verifier and the ID token checked (signature, issuer, audience, nonce). Answers the
 * ticket the app collects the outcome with.
 */
export async function receiveOidcCallback(opts: {
  db: Db;
  providers: readonly OidcProviderConfig[];
  publicUrl: string;
  query: { code?: string; state?: string; error?: string; error_description?: string; iss?: string };
  browser: string | undefined;
}): Promise<{ ticket: string }> {
  const { db, query } = opts;
  if (!query.state || !opts.browser) throw new AppError('bad_request', BAD_STATE);
  // Taken once: a second use of the same state (a replayed callback) finds nothing.
  const [flow] = await db
    .update(oidcFlows)
    .set({ stateHash: null })
    .where(
      and(
        eq(oidcFlows.stateHash, hashSecret(query.state)),
        eq(oidcFlows.browserHash, hashSecret(opts.browser)),
        gt(oidcFlows.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!flow) throw new AppError('bad_request', BAD_STATE);
  const provider = findProvider(opts.providers, flow.provider);
  if (query.error) {
    throw new AppError(
      'bad_request',
      `${provider.label} did not sign you in (${query.error_description ?? query.error}). You can try again from the login page.`,
    );
  }
  const config = await configurationOf(provider);
  const current = new URL(`${opts.publicUrl}${CALLBACK_PATH}`);
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') current.searchParams.set(k, v);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: query.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    if (
      err instanceof TypeError ||
      (err as { code?: string }).code === 'OAUTH_TIMEOUT' ||
      (err as Error).name === 'AbortError' ||
      (err as Error).name === 'TimeoutError'
    ) {
      throw unreachable(provider);
    }
    throw new AppError(
      'bad_request',
      `${provider.label}'s answer could not be verified, so you were not signed in. Please start again from the login page.`,
    );
  }
  if (!claims) throw new AppError('bad_request', `${provider.label} did not say who you are. Please start again from the login page.`);
  const ticket = randomTicket();
  const givenFamily = [str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ');
  await db
    .update(oidcFlows)
    .set({
      ticketHash: hashSecret(ticket),
      subject: claims.sub,
      email: str(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      name: str(claims.name) ?? (givenFamily || null),
      orcid: provider.orcid ? normaliseOrcid(claims.sub) : normaliseOrcid(str(claims.orcid) ?? ''),
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    })
    .where(eq(oidcFlows.id, flow.id));
  return { ticket };
}

type FlowRow = typeof oidcFlows.$inferSelect;

/** Link the flow's identity to `userId`; its ORCID iD (if any) becomes the profile's, verified. In `tx`, audited. */
async function linkIdentity(tx: Pick<Db, 'insert' | 'update' | 'select'>, flow: FlowRow, user: { id: string; role: Role }, ip: string) {
  const [taken] = await tx
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, flow.provider), eq(userIdentities.subject, flow.subject!), eq(userIdentities.role, user.role)));
  if (taken && taken.userId !== user.id)
    throw new AppError('conflict', 'This sign-in is already linked to another account in this role; unlink it there first');
  if (!taken) {
    await tx.insert(userIdentities).values({
      id: newId(),
      userId: user.id,
      provider: flow.provider,
      subject: flow.subject!,
      role: user.role,
      email: flow.email,
      orcid: flow.orcid,
      lastUsedAt: new Date(),
    });
  }
  if (flow.orcid) await tx.update(users).set({ orcid: flow.orcid, orcidVerifiedAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit(tx, { actorId: user.id, actorRole: user.role, action: 'identity.link', ip, details: { provider: flow.provider } });
}

/**
 * Collect the outcome with the ticket, from the browser that started the flow: a known identity signs in; a linking
 * links; an unknown identity whose address has an account in this role needs that account's password first (it
 * never logs into it silently); otherwise a new account (Author or Reviewer) is made.
 */
export async function completeOidc(
  ctx: SignInContext & {
    providers: readonly OidcProviderConfig[];
    logins: LoginLimiter;
    ticket: string;
    browser: string | undefined;
    password?: string;
    email?: string;
    onNewAccount: (user: typeof users.$inferSelect) => void;
  },
): Promise<OidcCompleteJson> {
  const { db } = ctx;
  if (!ctx.browser) throw new AppError('bad_request', FLOW_GONE);
  const [flow] = await db
    .select()
    .from(oidcFlows)
    .where(
      and(
        eq(oidcFlows.ticketHash, hashSecret(ctx.ticket)),
        eq(oidcFlows.browserHash, hashSecret(ctx.browser)),
        isNotNull(oidcFlows.subject),
        gt(oidcFlows.expiresAt, new Date()),
      ),
    );
  if (!flow) throw new AppError('bad_request', FLOW_GONE);
  const provider = findProvider(ctx.providers, flow.provider);
  const returnTo = flow.returnTo;
  const done = async () => {
    const gone = await db.delete(oidcFlows).where(eq(oidcFlows.id, flow.id)).returning({ id: oidcFlows.id });
    if (gone.length !== 1) throw new AppError('bad_request', FLOW_GONE);
  };

  if (flow.linkUserId) {
    const [user] = await db.select().from(users).where(eq(users.id, flow.linkUserId));
    if (!user) throw new AppError('bad_request', FLOW_GONE);
    await db.transaction((tx) => linkIdentity(tx, flow, user, ctx.ip));
    await done();
    return { message: `${provider.label} is now linked to your account`, linked: true, returnTo: returnTo || '/account/security' };
  }

  const role = flow.role;
  const [known] = await db
    .select({ userId: userIdentities.userId, id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, flow.provider), eq(userIdentities.subject, flow.subject!), eq(userIdentities.role, role)));
  if (known) {
    await done();
    await db.transaction(async (tx) => {
      await tx.update(userIdentities).set({ lastUsedAt: new Date() }).where(eq(userIdentities.id, known.id));
      await recordAudit(tx, {
        actorId: known.userId,
        actorRole: role,
        action: 'login.oidc',
        ip: ctx.ip,
        details: { provider: flow.provider },
      });
    });
    return { ...(await signIn({ ...ctx, userId: known.userId, via: 'oidc', message: 'Login successful' })), returnTo };
  }

  const email = flow.email ?? ctx.email?.trim().toLowerCase() ?? null;
  if (!email) {
    return {
      message: `${provider.label} did not share your e-mail address: type the address to use with this account`,
      emailNeeded: true,
      provider: provider.label,
      role,
    };
  }
  const sameAddress = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.role, role)));
  if (sameAddress.length > 0) {
    if (!ctx.password) {
      return {
        message: `A ${role} account with ${email} exists. Type its password to link ${provider.label} to it; after that ${provider.label} signs you in.`,
        passwordNeeded: true,
        email,
        role,
        provider: provider.label,
      };
    }
    // The password is a login attempt on that account: the same limits, the same failure count.
    await ctx.logins.check(email, ctx.ip);
    let owner: (typeof sameAddress)[number] | undefined;
    for (const u of sameAddress) if (!owner && (await verifyPassword(ctx.password, u.passwordHash))) owner = u;
    if (!owner) {
      await ctx.logins.fail(email, ctx.ip);
      throw new AppError('unauthorized', 'That is not the password of the account with this address');
    }
    const found = owner;
    await db.transaction(async (tx) => {
      await linkIdentity(tx, flow, found, ctx.ip);
      await recordAudit(tx, { actorId: found.id, actorRole: role, action: 'login.oidc', ip: ctx.ip, details: { provider: flow.provider } });
    });
    await done();
    return { ...(await signIn({ ...ctx, userId: found.id, via: 'oidc', message: 'Login successful' })), returnTo };
  }

  if (role === 'Editor') {
    throw new AppError(
      'forbidden',
      `Editor accounts are by invitation: sign up as Editor with a password, then link ${provider.label} under Account security.`,
    );
  }
  // A new account. Its password is random and unknown to anyone: a password reset through the address gives it one.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const created = await db.transaction(async (tx) => {
    await lockAccountDecisions(tx);
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.role, role)));
    if (clash) throw new AppError('conflict', 'An account with this address was made meanwhile. Please start again.');
    const [setting] = await tx.select({ on: settings.reviewerApproval }).from(settings).where(eq(settings.id, 1)).limit(1);
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        name: nameOrEmailPrefix(flow.name ?? '', email).slice(0, 120),
        email,
        role,
        passwordHash,
        // The provider vouches for the address only when it says so and it is the provider's address.
        emailVerifiedAt: flow.email && flow.emailVerified ? new Date() : null,
        approvedAt: role === 'Reviewer' && setting?.on ? null : new Date(),
        orcid: flow.orcid,
        orcidVerifiedAt: flow.orcid ? new Date() : null,
      })
      .returning();
    await recordAudit(tx, { actorId: user!.id, actorRole: role, action: 'user.signup', ip: ctx.ip });
    await linkIdentity(tx, flow, user!, ctx.ip);
    return user!;
  });
  await done();
  if (!created.emailVerifiedAt) ctx.onNewAccount(created);
  const answer = await signIn({ ...ctx, userId: created.id, via: 'signup', message: 'Signup successful' });
  return { ...answer, returnTo };
}

/** Start linking a provider to the signed-in account: its password proves it is the owner. */
export async function startLink(opts: {
  db: Db;
  logins: LoginLimiter;
  caller: Caller;
  provider: OidcProviderConfig;
  password: string;
  publicUrl: string;
  ip: string;
}): Promise<{ url: string; browser: string }> {
  const { db, caller } = opts;
  await opts.logins.check(caller.email, opts.ip);
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!user || !(await verifyPassword(opts.password, user.hash))) {
    await opts.logins.fail(caller.email, opts.ip);
    throw new AppError('forbidden', 'That is not the password of your account');
  }
  return startOidc({
    db,
    provider: opts.provider,
    publicUrl: opts.publicUrl,
    role: caller.role,
    linkUserId: caller.id,
    returnTo: '/account/security',
  });
}

export async function accountSecurity(opts: {
  db: Db;
  caller: Caller;
  providers: readonly OidcProviderConfig[];
}): Promise<AccountSecurityJson> {
  const { db, caller, providers } = opts;
  const rows = await db.select().from(userIdentities).where(eq(userIdentities.userId, caller.id)).orderBy(userIdentities.createdAt);
  const [user] = await db.select({ orcid: users.orcid, orcidVerifiedAt: users.orcidVerifiedAt }).from(users).where(eq(users.id, caller.id));
  return {
    providers: providers.map((p) => ({ id: p.id, label: p.label })),
    identities: rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      label: providers.find((p) => p.id === r.provider)?.label ?? r.provider,
      email: r.email,
      orcid: r.orcid,
      createdAt: r.createdAt.toISOString(),
    })),
    orcid: user?.orcid ?? null,
    orcidVerified: Boolean(user?.orcid && user.orcidVerifiedAt),
    secondFactor: await secondFactorState(db, caller),
  };
}

/** Unlink one of the caller's identities (the password still signs in). */
export async function unlinkIdentity(opts: { db: Db; caller: Caller; identityId: string; ip: string }): Promise<void> {
  const { db, caller } = opts;
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.id, opts.identityId), eq(userIdentities.userId, caller.id)))
      .returning();
    if (!gone) throw new AppError('not_found', 'No such linked sign-in on your account');
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.role,
      action: 'identity.unlink',
      ip: opts.ip,
      details: { provider: gone.provider },
    });
  });
}
