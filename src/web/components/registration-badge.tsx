import { useEffect, useState } from 'react';
import { getRegistrations } from '../api/program';

let editorRegistrations: Promise<Map<string, boolean>> | null = null;

/**
 * "Registered" / "Not registered" for a paper: a verified payment whose product is its Paper ID (issue 15).
 * With `registered` given (the host route's loader read it) the badge shows it; without, the editor's list
 * asks once for every paper.
 */
export function RegistrationBadge({ paperId, as, registered }: { paperId: string; as: 'Editor' | 'Author'; registered?: boolean | null }) {
  if (registered !== undefined || as !== 'Editor') return <RegisteredPill registered={registered ?? null} />;
  return <EditorRegistrationBadge paperId={paperId} />;
}

function EditorRegistrationBadge({ paperId }: { paperId: string }) {
  const [registered, setRegistered] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    (editorRegistrations ??= getRegistrations().then((r) => new Map(r.papers.map((p) => [p._id, p.registered]))))
      .then((m) => { if (live) setRegistered(m.get(paperId) ?? null); }, () => { editorRegistrations = null; });
    return () => { live = false; };
  }, [paperId]);
  return <RegisteredPill registered={registered} />;
}

function RegisteredPill({ registered }: { registered: boolean | null }) {
  if (registered === null) return null;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${registered ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-800'}`}>
      {registered ? 'Registered' : 'Not registered'}
    </span>
  );
}
