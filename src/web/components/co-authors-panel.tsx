import { useState } from 'react';
import { toast } from 'sonner';
import { CoAuthorList, type CoAuthor } from '../../core/schemas/accounts';
import type { PaperJson } from '../../core/schemas/paper';
import { saveCoAuthors } from '../api/accounts';
import { messageOf } from '../api/client';
import { CoAuthorFields } from './co-author-fields';

/** The paper page's author list: the submitting author edits it; a co-author sees it and is told they are one. */
export function CoAuthorsPanel({ paper }: { paper: PaperJson }) {
  const [list, setList] = useState<CoAuthor[]>(paper.coAuthors ?? []);
  const [draft, setDraft] = useState<CoAuthor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!draft) return;
    setError(null);
    const parsed = CoAuthorList.safeParse(draft);
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? 'Please check the co-authors'); return; }
    setSaving(true);
    try {
      const res = await saveCoAuthors(paper._id, parsed.data);
      setList(res.coAuthors);
      setDraft(null);
      toast.success(res.message);
    } catch (err) {
      setError(messageOf(err, 'Could not save the co-authors. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="co-authors-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="co-authors-heading" className="font-semibold text-brand-900">Co-authors</h2>
      {paper.coAuthored ? (
        <p className="mt-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">You are a co-author of this paper. Only the submitting author can change the author list.</p>
      ) : null}
      {draft ? (
        <div className="mt-3 space-y-3">
          <CoAuthorFields value={draft} onChange={setDraft} disabled={saving} />
          {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void save()} disabled={saving} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
              {saving ? 'Saving…' : 'Save co-authors'}
            </button>
            <button type="button" onClick={() => { setDraft(null); setError(null); }} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">Cancel</button>
          </div>
        </div>
      ) : (
        <>
          {list.length ? (
            <ul className="mt-2 space-y-1 text-sm text-slate-800">
              {list.map((c) => <li key={c.email}><span className="font-medium">{c.name}</span> — {c.email}{c.affiliation ? `, ${c.affiliation}` : ''}</li>)}
            </ul>
          ) : <p className="mt-2 text-sm text-slate-700">No co-authors listed.</p>}
          {paper.coAuthored ? null : (
            <button type="button" onClick={() => setDraft(list)} className="mt-3 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Change co-authors
            </button>
          )}
        </>
      )}
    </section>
  );
}
