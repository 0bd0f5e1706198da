import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { ProfileFields, type UserJson } from '../../core/schemas/auth';
import { updateMe } from '../api/accounts';
import { session } from '../api/client';
import { actOr } from '../lib/route-data';
import { Alert } from './ui/alert';
import { CountrySelect } from './country-select';
import { countryName } from '../../core/proceedings';
import { isLatinName, toPersonName, type NameParts } from '../../core/person-name';
import { NamePartsFields } from './name-parts-fields';

/**
 * The host route's clientAction for the banner's writes (a multipart body: `intent` 'phone', 'photo' or
 * 'scholar': affiliation, country and ORCID iD, decision 0042).
 * The stored user follows the server's answer; the route's loader then shows it.
 */
export async function profileAction(form: FormData) {
  const asked = form.get('intent');
  const intent = asked === 'photo' ? 'photo' : asked === 'scholar' ? 'scholar' : asked === 'name' ? 'name' : 'phone';
  const photo = form.get('photo');
  const text = (name: string) => String(form.get(name) ?? '');
  const changes =
    intent === 'photo'
      ? { photo: photo instanceof File ? photo : undefined }
      : intent === 'scholar'
        ? { affiliation: text('affiliation'), country: text('country'), orcid: text('orcid') }
        : intent === 'name'
          ? {
              givenName: text('givenName'),
              familyName: text('familyName'),
              familyFirst: text('familyFirst') === 'true',
              latinName: text('latinName'),
            }
          : { phone: text('phone') };
  const work = updateMe(changes).then((res) => {
    session.saveUser(res.user);
    return res;
  });
  const failed = {
    photo: 'Could not save the photo. Please try again.',
    phone: 'Could not save the phone number',
    scholar: 'Could not save the affiliation and ORCID iD',
    name: 'Could not save your name',
  };
  return actOr(work, failed[intent], intent);
}
type ProfileResult = Awaited<ReturnType<typeof profileAction>>;

const multipart = { method: 'post', encType: 'multipart/form-data' } as const;
const chip =
  'rounded-md bg-white/15 px-2 py-1 text-xs font-semibold hover:bg-white/25 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-400';

/**
 * Photo (or initial), name, phone and email (docs/product.md#roles-and-the-login-area), with controls to set the phone and, with `photo`,
 * change the photo. Both post to the host route, whose clientAction is `profileAction`.
 */
export function ProfileBanner({ user, photo = false }: { user: UserJson; photo?: boolean }) {
  const fetcher = useFetcher<ProfileResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success('Photo saved');
    else toast.error(result.error);
  }, [result]);

  return (
    <section
      aria-label="Profile"
      className="flex flex-col items-center gap-4 rounded-xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row"
    >
      {user.photo ? (
        <img
          src={user.photo}
          alt={`Photo of ${user.name}`}
          width="88"
          height="88"
          className="h-22 w-22 rounded-full border-4 border-white/30 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-22 w-22 items-center justify-center rounded-full bg-accent-400 text-3xl font-bold text-brand-900"
        >
          {user.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 text-center sm:text-left">
        <h1 className="text-2xl font-bold">{user.name}</h1>
        <NameLine user={user} />
        <p className="text-brand-100">{user.role}</p>
        <p className="mt-1 text-sm break-words">{user.email}</p>
        <PhoneLine phone={user.phone} />
        <ScholarLine user={user} />
      </div>
      {photo ? (
        <label className="cursor-pointer rounded-md bg-white/15 px-3 py-2 text-sm font-semibold hover:bg-white/25 focus-within:outline focus-within:outline-2 focus-within:outline-accent-400 sm:ml-auto">
          {busy ? 'Saving photo…' : 'Change photo'}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) {
                const form = new FormData();
                form.append('intent', 'photo');
                form.append('photo', file);
                fetcher.submit(form, multipart);
              }
              e.target.value = '';
            }}
          />
        </label>
      ) : null}
    </section>
  );
}

/** The phone number (the loader's), or a form to set it through PATCH /api/me (docs/product.md#roles-and-the-login-area). */
function PhoneLine({ phone }: { phone: string }) {
  const fetcher = useFetcher<ProfileResult>();
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState('');
  const [dismissed, setDismissed] = useState<ProfileResult | null>(null);
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) setEditing(false);
  }, [result]);
  const error = invalid || (result && !result.ok && result !== dismissed ? result.error : '');

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ProfileFields.safeParse({ phone: String(new FormData(e.currentTarget).get('phone') ?? '') });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Phone is not valid');
      return;
    }
    setInvalid('');
    const form = new FormData();
    form.append('intent', 'phone');
    form.append('phone', parsed.data.phone ?? '');
    fetcher.submit(form, multipart);
  }

  if (!editing) {
    return (
      <p className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm sm:justify-start">
        <span>
          {phone ? (
            <>
              Phone: <span className="whitespace-nowrap">{phone}</span>
            </>
          ) : (
            'No phone number yet'
          )}
        </span>
        <button type="button" className={chip} onClick={() => setEditing(true)}>
          {phone ? 'Change phone' : 'Add phone'}
        </button>
      </p>
    );
  }
  return (
    <form onSubmit={save} className="mt-2 flex flex-wrap items-end justify-center gap-2 text-sm sm:justify-start">
      <label className="flex flex-col text-left">
        <span className="font-semibold">Phone</span>
        <input
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={phone}
          maxLength={30}
          autoFocus
          className="mt-1 w-48 rounded-md border border-white/40 bg-white px-2 py-1 text-slate-900"
        />
      </label>
      <button type="submit" disabled={saving} className={chip}>
        {saving ? 'Saving…' : 'Save phone'}
      </button>
      <button
        type="button"
        className={chip}
        onClick={() => {
          setEditing(false);
          setInvalid('');
          setDismissed(result ?? null);
        }}
      >
        Cancel
      </button>
      <Alert className="w-full">{error || null}</Alert>
    </form>
  );
}

/**
 * The affiliation, its country and the ORCID iD the proceedings metadata carry (decision 0042), or a form to set
 * them; the browser checks them with the schema the server parses again (the ORCID iD by its check digit).
 */
function ScholarLine({ user }: { user: UserJson }) {
  const fetcher = useFetcher<ProfileResult>();
  const [editing, setEditing] = useState(false);
  const [country, setCountry] = useState(user.country);
  const [invalid, setInvalid] = useState('');
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.intent === 'scholar') setEditing(false);
  }, [result]);
  const error = invalid || (result && !result.ok && result.intent === 'scholar' ? result.error : '');

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = ProfileFields.safeParse({
      affiliation: String(data.get('affiliation') ?? ''),
      country,
      orcid: String(data.get('orcid') ?? ''),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Not valid');
      return;
    }
    setInvalid('');
    const form = new FormData();
    form.append('intent', 'scholar');
    form.append('affiliation', parsed.data.affiliation ?? '');
    form.append('country', parsed.data.country ?? '');
    form.append('orcid', parsed.data.orcid ?? '');
    fetcher.submit(form, multipart);
  }

  if (!editing) {
    const place = [user.affiliation, user.country ? countryName(user.country) : ''].filter(Boolean).join(', ');
    return (
      <p className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm sm:justify-start">
        <span>{place || 'No affiliation yet'}</span>
        {user.orcid ? (
          <span>
            ORCID iD: <span className="whitespace-nowrap">{user.orcid}</span>
          </span>
        ) : null}
        <button
          type="button"
          className={chip}
          onClick={() => {
            setCountry(user.country);
            setEditing(true);
          }}
        >
          Affiliation and ORCID iD
        </button>
      </p>
    );
  }
  const field = 'mt-1 rounded-md border border-white/40 bg-white px-2 py-1 text-slate-900';
  return (
    <form
      onSubmit={save}
      aria-label="Affiliation and ORCID iD"
      className="mt-2 flex flex-wrap items-end justify-center gap-2 text-sm sm:justify-start"
    >
      <label className="flex flex-col text-left">
        <span className="font-semibold">Affiliation</span>
        <input name="affiliation" defaultValue={user.affiliation} maxLength={200} autoComplete="organization" className={`${field} w-56`} />
      </label>
      <div className="flex flex-col text-left">
        <label htmlFor="profile-country" className="font-semibold">
          Country
        </label>
        <CountrySelect id="profile-country" value={country} onChange={setCountry} className={`${field} w-48`} />
      </div>
      <label className="flex flex-col text-left">
        <span className="font-semibold">ORCID iD</span>
        <input name="orcid" defaultValue={user.orcid ?? ''} maxLength={60} placeholder="0000-0002-1825-0097" className={`${field} w-48`} />
      </label>
      <button type="submit" disabled={saving} className={chip}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button
        type="button"
        className={chip}
        onClick={() => {
          setEditing(false);
          setInvalid('');
        }}
      >
        Cancel
      </button>
      <Alert className="w-full">{error || null}</Alert>
    </form>
  );
}

/**
 * The name in Latin letters beside one in another script, and a form for the name's parts (decision 0074): with a
 * given or family name the display name is made from them.
 */
function NameLine({ user }: { user: UserJson }) {
  const fetcher = useFetcher<ProfileResult>();
  const [editing, setEditing] = useState(false);
  const [parts, setParts] = useState<NameParts>(() => toPersonName(user));
  const [invalid, setInvalid] = useState('');
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.intent === 'name') setEditing(false);
  }, [result]);
  const error = invalid || (result && !result.ok && result.intent === 'name' ? result.error : '');
  const latin = user.latinName && !isLatinName(user.name) ? user.latinName : '';

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ProfileFields.safeParse(parts);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Not valid');
      return;
    }
    if (!parts.givenName.trim() && !parts.familyName.trim()) {
      setInvalid('Give your given name, your family name or both');
      return;
    }
    setInvalid('');
    const form = new FormData();
    form.append('intent', 'name');
    form.append('givenName', parts.givenName);
    form.append('familyName', parts.familyName);
    form.append('familyFirst', String(parts.familyFirst));
    form.append('latinName', parts.latinName);
    fetcher.submit(form, multipart);
  }

  if (!editing) {
    return (
      <p className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm sm:justify-start">
        {latin ? (
          <span lang="en">
            In Latin letters: <span className="font-semibold">{latin}</span>
          </span>
        ) : null}
        <button
          type="button"
          className={chip}
          onClick={() => {
            setParts(toPersonName(user));
            setEditing(true);
          }}
        >
          Name parts
        </button>
      </p>
    );
  }
  return (
    <form onSubmit={save} aria-label="Your name" className="mt-2 rounded-lg bg-white p-3 text-left text-slate-900">
      <NamePartsFields value={parts} onChange={setParts} inputClassName="mt-1 w-full rounded-md border border-slate-300 px-2 py-1" />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className="rounded-md bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
          {saving ? 'Saving…' : 'Save name'}
        </button>
        <button
          type="button"
          className="rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700"
          onClick={() => {
            setEditing(false);
            setInvalid('');
          }}
        >
          Cancel
        </button>
      </div>
      <Alert className="mt-2">{error || null}</Alert>
    </form>
  );
}
