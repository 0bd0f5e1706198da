/**
 * "Registered" / "Not registered" for a paper: a verified payment whose product is its Paper ID (decision 0017).
 * The host route's loader reads it; null (unknown, or the read failed) shows nothing.
 */
export function RegistrationBadge({ registered }: { registered: boolean | null }) {
  if (registered === null) return null;
  return (
    <span
      className={`inline-flex items-center self-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${registered ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-800'}`}
    >
      {registered ? 'Registered' : 'Not registered'}
    </span>
  );
}
