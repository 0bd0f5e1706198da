import type { UserJson } from '../../core/schemas/auth';

/** Photo (or initial), name, phone and email, with an optional control to change the photo. */
export function ProfileBanner({ user, onPhoto, busy }: { user: UserJson; onPhoto?: (file: File) => void; busy?: boolean }) {
  return (
    <section aria-label="Profile" className="flex flex-col items-center gap-4 rounded-xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row">
      {user.photo ? (
        <img src={user.photo} alt={`Photo of ${user.name}`} width="88" height="88" className="h-22 w-22 rounded-full border-4 border-white/30 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-22 w-22 items-center justify-center rounded-full bg-accent-400 text-3xl font-bold text-brand-900">
          {user.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="text-center sm:text-left">
        <h1 className="text-2xl font-bold">{user.name}</h1>
        <p className="text-brand-100">{user.role}</p>
        <p className="mt-1 text-sm">{user.email}{user.phone ? ` · ${user.phone}` : ''}</p>
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
