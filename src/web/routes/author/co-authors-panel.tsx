import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { CoAuthorList, type CoAuthor } from '../../../core/schemas/accounts';
import type { PaperJson } from '../../../core/schemas/paper';
import { CoAuthorFields } from '../../components/co-author-fields';
import { displayNameWithLatin, toPersonName } from '../../../core/person-name';
import type { ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/**
 * The paper page's author list: the submitting author edits it; a co-author sees it and is told they are one.
 * A save posts `intent: 'co-authors'` to the host route; the list shown is the loader's paper.
 */
export function CoAuthorsPanel({ paper }: { paper: PaperJson }) {
  const fetcher = useFetcher<ActionResult<{ message: string; coAuthors: CoAuthor[] }>>();
  const list = paper.coAuthors ?? [];
  const [draft, setDraft] = useState<CoAuthor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft(null);
    toast.success(result.data.message);
  }, [result]);

  function save() {
    if (!draft) return;
    setError(null);
    const parsed = CoAuthorList.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the co-authors');
      return;
    }
    fetcher.submit({ intent: 'co-authors', coAuthors: parsed.data }, { method: 'post', encType: 'application/json' });
  }

  return (
    <Card aria-labelledby="co-authors-heading">
      <h2 id="co-authors-heading" className="font-semibold text-brand-900">
        Co-authors
      </h2>
      {paper.coAuthored ? (
        <Alert tone="info" className="mt-2">
          You are a co-author of this paper. Only the submitting author can change the author list.
        </Alert>
      ) : null}
      {draft ? (
        <div className="mt-3 space-y-3">
          <CoAuthorFields value={draft} onChange={setDraft} disabled={saving} />
          <Alert>{error}</Alert>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={save} disabled={saving}>
              {saving ? 'Saving…' : 'Save co-authors'}
            </Button>
            <Button
              variant="quiet"
              size="sm"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <>
          {list.length ? (
            <ul className="mt-2 space-y-1 text-sm text-slate-800">
              {list.map((c) => (
                <li key={c.email}>
                  <span className="font-medium">{displayNameWithLatin(toPersonName(c))}</span> — {c.email}
                  {c.affiliation ? `, ${c.affiliation}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-700">No co-authors listed.</p>
          )}
          {paper.coAuthored ? null : (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setDraft(list)}>
              Change co-authors
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
