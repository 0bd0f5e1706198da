import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import type { UserJson } from '../../../core/schemas/auth';
import { DASHBOARD, ROLES, type Role } from '../../../core/schemas/common';
import { fetchTracks } from '../../api/public';
import { ForgotPassword } from './forgot-password';
import { peekReturnTo } from '../../lib/return-to';
import { TagMultiSelect, type TagGroup } from '../../components/tag-multi-select';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { emptyNameParts, NamePartsFields, namePartsToSend } from '../../components/name-parts-fields';
import type { NameParts } from '../../../core/person-name';
import { ACCOUNT_ERASED } from '../../../core/schemas/personal-data';

export type LoginIntent = {
  mode: 'login' | 'signup';
  role: Role;
  email: string;
  password: string;
  name: string;
  confirmPassword: string;
  tags: string[];
  /** Decision 0074: the name's parts, when the person gave any. */
  parts?: Partial<NameParts>;
  /** Sent here by 'Please login first': go back to the page asked for. */
  returning: boolean;
};

/** What the login route's clientAction answers when it does not move on to a dashboard. */
type LoginAnswer = { ok: false; intent: string; error: string } | { ok: true; intent: string };

/**
 * A reviewer's topics come from every track (decision 0023), read when the reviewer's signup is first shown; until
 * then, or when the read fails, the 50 tags (the computing track's topics) are offered.
 */
function useTrackTopics(wanted: boolean): TagGroup[] | undefined {
  const [groups, setGroups] = useState<TagGroup[]>();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!wanted || asked) return;
    setAsked(true);
    fetchTracks()
      .then((tracks) => {
        if (tracks.length) setGroups(tracks.map((t) => ({ label: t.name, tags: t.topics })));
      })
      .catch((err: unknown) => console.error(err));
  }, [wanted, asked]);
  return groups;
}

/**
 * "Sign in with ORCID" / "Sign in with <label>" (decision 0070): plain links to the server, shown only when the
 * organiser configured providers. /login is prerendered without them; the list is read once the app has loaded.
 */
function ProviderLinks({ role, returning }: { role: Role; returning: boolean }) {
  const [providers, setProviders] = useState<{ id: string; label: string }[]>([]);
  useEffect(() => {
    fetch('/api/auth/providers')
      .then((r) => (r.ok ? (r.json() as Promise<{ providers: { id: string; label: string }[] }>) : { providers: [] }))
      .then((j) => setProviders(j.providers))
      .catch((err: unknown) => console.error(err));
  }, []);
  if (providers.length === 0) return null;
  const back = returning ? peekReturnTo() : null;
  return (
    <div className="mt-5 space-y-2 border-t border-slate-200 pt-5">
      {providers.map((p) => (
        <a
          key={p.id}
          className="flex w-full items-center justify-center rounded-md border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          href={`/api/auth/oidc/${encodeURIComponent(p.id)}/start?role=${role}${back ? `&returnTo=${encodeURIComponent(back)}` : ''}`}
        >
          Sign in with {p.label}
        </a>
      ))}
    </div>
  );
}

/**
 * The login card. `placeholder`: the card as the prerendered /login shows it before the app has loaded (root's
 * HydrateFallback, which makes it inert): the first state only, whatever the address says, so that the page
 * hydrates as it was built.
 */
export function LoginForm({ current, placeholder = false }: { current: UserJson | null; placeholder?: boolean }) {
  const [searchParams] = useSearchParams();
  const params = placeholder ? new URLSearchParams() : searchParams;
  const fetcher = useFetcher<LoginAnswer>();
  const [role, setRole] = useState<Role>('Author');
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [tags, setTags] = useState<string[]>([]);
  const [parts, setParts] = useState<NameParts>(emptyNameParts);
  const topicGroups = useTrackTopics(mode === 'signup' && role === 'Reviewer');
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body: LoginIntent = {
      mode,
      role,
      tags,
      returning: params.get('reason') === 'login',
      email: String(f.get('email') ?? '').trim(),
      password: String(f.get('password') ?? ''),
      name: String(f.get('name') ?? '').trim(),
      confirmPassword: String(f.get('confirmPassword') ?? ''),
      parts: namePartsToSend(parts),
    };
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  return (
    <div className="mx-auto max-w-md">
      {params.get('reason') === 'login' ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {MESSAGES.pleaseLogin}
        </p>
      ) : null}
      {params.get('reason') === 'erased' ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          {ACCOUNT_ERASED}
        </p>
      ) : null}
      {current ? (
        <p className="mb-4 rounded-md bg-brand-50 px-4 py-3 text-sm">
          You are logged in as {current.name} ({current.role}).{' '}
          <Link className="font-semibold text-brand-700 underline" to={DASHBOARD[current.role]}>
            Go to your dashboard
          </Link>
        </p>
      ) : null}
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{mode === 'login' ? 'Login' : 'Signup'}</h1>
        <fieldset className="mt-5">
          <legend className="text-sm font-medium text-slate-700">I am</legend>
          <div className="mt-2 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
            {ROLES.map((r) => (
              <label
                key={r}
                className={`cursor-pointer rounded-md px-2 py-2 text-center text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500 ${role === r ? 'bg-white text-brand-800 shadow' : 'text-slate-700'}`}
              >
                <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} className="sr-only" />
                {r}
              </label>
            ))}
          </div>
        </fieldset>
        <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate={false}>
          {mode === 'signup' ? <Field id="name" name="name" label="Full name" autoComplete="name" required /> : null}
          {mode === 'signup' ? <NamePartsFields value={parts} onChange={setParts} inputClassName={inputClass} /> : null}
          <Field id="email" name="email" type="email" label="Email" autoComplete="email" required />
          <Field
            id="password"
            name="password"
            type="password"
            label="Password"
            required
            minLength={mode === 'signup' ? 8 : undefined}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          />
          {mode === 'signup' ? (
            <Field
              id="confirmPassword"
              name="confirmPassword"
              type="password"
              label="Confirm password"
              required
              autoComplete="new-password"
            />
          ) : null}
          {mode === 'signup' && role === 'Reviewer' ? (
            <TagMultiSelect
              label="Tags (your review topics)"
              value={tags}
              onChange={setTags}
              groups={topicGroups}
              placeholder="Type to filter topics"
              hint="Topics of every track; pick those you review."
            />
          ) : null}
          <Alert>{error}</Alert>
          <Button type="submit" disabled={busy} full>
            {busy ? 'Please wait…' : mode === 'login' ? 'Login' : 'Signup'}
          </Button>
        </form>
        {mode === 'login' && !placeholder ? <ProviderLinks role={role} returning={params.get('reason') === 'login'} /> : null}
        {mode === 'login' ? <ForgotPassword role={role} startOpen={params.has('forgot')} /> : null}
        <p className="mt-5 text-center text-sm text-slate-700">
          {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => {
              setMode(mode === 'login' ? 'signup' : 'login');
              fetcher.reset();
            }}
          >
            {mode === 'login' ? 'Signup' : 'Login'}
          </button>
        </p>
      </div>
    </div>
  );
}
