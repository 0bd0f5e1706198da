import { useEffect, useState } from 'react';
import { ProfileFields, type UserJson } from '../../core/schemas/auth';
import { updateMe } from '../api/auth';
import { messageOf, session } from '../api/client';

/** Photo (or initial), name, phone and email (SPEC §2), with controls to set the phone and change the photo. */
export function ProfileBanner({ user, onPhoto, busy }: { user: UserJson; onPhoto?: (file: File) => void; busy?: boolean }) {
  const [phone, setPhone] = useState(user.phone);
  useEffect(() => { setPhone(user.phone); }, [user.phone]);
  return (
    <section aria-label="Profile" className="flex flex-col items-center gap-4 rounded-xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row">
      {user.photo ? (
        <img src={user.photo} alt={`Photo of ${user.name}`} width="88" height="88" className="h-22 w-22 rounded-full border-4 border-white/30 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-22 w-22 items-center justify-center rounded-full bg-accent-400 text-3xl font-bold text-brand-900">
          {user.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 text-center sm:text-left">
        <h1 className="text-2xl font-bold">{user.name}</h1>
        <p className="text-brand-100">{user.role}</p>
        <p className="mt-1 text-sm break-words">{user.email}</p>
        <PhoneLine phone={phone} onSaved={setPhone} />
      </div>
      {onPhoto ? (
        <label className="cursor-pointer rounded-md bg-white/15 px-3 py-2 text-sm font-semibold hover:bg-white/25 focus-within:outline focus-within:outline-2 focus-within:outline-accent-400 sm:ml-auto">
          {busy ? 'Saving photo…' : 'Change photo'}
          <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" disabled={busy}
            onChange={(e) => { const f = e.target.files?.[0]; if (f) onPhoto(f); e.target.value = ''; }} />
        </label>
      ) : null}
    </section>
  );
}

/** The phone number, or a form to set it through PATCH /api/me (issue 18 §5). */
function PhoneLine({ phone, onSaved }: { phone: string; onSaved: (phone: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const button = 'rounded-md bg-white/15 px-2 py-1 text-xs font-semibold hover:bg-white/25 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-400';

  async function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ProfileFields.safeParse({ phone: String(new FormData(e.currentTarget).get('phone') ?? '') });
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? 'Phone is not valid'); return; }
    setSaving(true);
    try {
      const res = await updateMe({ phone: parsed.data.phone ?? '' });
      session.saveUser(res.user);
      onSaved(res.user.phone);
      setEditing(false);
      setError('');
    } catch (err) {
      setError(messageOf(err, 'Could not save the phone number'));
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    return (
      <p className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm sm:justify-start">
        <span>{phone ? <>Phone: <span className="whitespace-nowrap">{phone}</span></> : 'No phone number yet'}</span>
        <button type="button" className={button} onClick={() => setEditing(true)}>{phone ? 'Change phone' : 'Add phone'}</button>
      </p>
    );
  }
  return (
    <form onSubmit={save} className="mt-2 flex flex-wrap items-end justify-center gap-2 text-sm sm:justify-start">
      <label className="flex flex-col text-left">
        <span className="font-semibold">Phone</span>
        <input name="phone" type="tel" autoComplete="tel" defaultValue={phone} maxLength={30} autoFocus
          className="mt-1 w-48 rounded-md border border-white/40 bg-white px-2 py-1 text-slate-900" />
      </label>
      <button type="submit" disabled={saving} className={button}>{saving ? 'Saving…' : 'Save phone'}</button>
      <button type="button" className={button} onClick={() => { setEditing(false); setError(''); }}>Cancel</button>
      {error ? <p role="alert" className="w-full rounded-md bg-red-50 px-2 py-1 text-red-800">{error}</p> : null}
    </form>
  );
}
