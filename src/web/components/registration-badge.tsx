import { useEffect, useState } from 'react';
import { getPaperRegistration, getRegistrations } from '../api/program';

let editorRegistrations: Promise<Map<string, boolean>> | null = null;

/** "Registered" / "Not registered" for a paper: a verified payment whose product is its Paper ID (issue 15). */
export function RegistrationBadge({ paperId, as }: { paperId: string; as: 'Editor' | 'Author' }) {
  const [registered, setRegistered] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    // The editor's list asks once for every paper; an author asks about the paper shown.
    const load = as === 'Editor'
      ? (editorRegistrations ??= getRegistrations().then((r) => new Map(r.papers.map((p) => [p._id, p.registered]))))
        .then((m) => m.get(paperId) ?? null)
      : getPaperRegistration(paperId).then((r) => r.registered);
    load.then((v) => { if (live) setRegistered(v); }, () => { editorRegistrations = null; });
    return () => { live = false; };
  }, [paperId, as]);
  if (registered === null) return null;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${registered ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-800'}`}>
      {registered ? 'Registered' : 'Not registered'}
    </span>
  );
}
