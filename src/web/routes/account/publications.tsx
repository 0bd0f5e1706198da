import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { PublicationJson, PublicationListJson } from '../../../core/schemas/publications';
import { messageOf } from '../../api/client';
import {
  addMyPublication,
  importMyPublications,
  listMyPublications,
  removeMyPublication,
  updateMyPublication,
} from '../../api/publications';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, cardClass } from '../../components/ui/card';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Field, fileInputClass } from '../../components/ui/field';
import { loadOr, useFollowRedirect } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { requireRole } from '../../lib/session';
import type { Route } from './+types/publications';

export const meta = () => [{ title: appTitle('Publications') }, { name: 'robots', content: 'noindex' }];

/** Any signed-in person keeps their publications (decision 0076); reviewers' count for matching. */
export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(listMyPublications(), 'Could not load your publications. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

interface Draft {
  title: string;
  authors: string;
  year: string;
  venue: string;
  doi: string;
  abstract: string;
}
const EMPTY: Draft = { title: '', authors: '', year: '', venue: '', doi: '', abstract: '' };
const draftOf = (p: PublicationJson): Draft => ({
  title: p.title,
  authors: p.authors.join('; '),
  year: p.year === null ? '' : String(p.year),
  venue: p.venue,
  doi: p.doi ?? '',
  abstract: p.abstract,
});
const bodyOf = (d: Draft) => ({
  title: d.title,
  authors: d.authors
    .split(/;|\n/)
    .map((a) => a.trim())
    .filter(Boolean),
  year: d.year.trim() === '' ? null : Number(d.year),
  venue: d.venue,
  doi: d.doi.trim() === '' ? null : d.doi.trim(),
  abstract: d.abstract,
});
const SOURCE: Record<PublicationJson['source'], string> = { bibtex: 'BibTeX', dblp: 'DBLP', orcid: 'ORCID', manual: 'added by hand' };

/** Add or edit one publication by hand. */
function PublicationForm({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: Draft;
  label: string;
  onSave: (d: Draft) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const problem = await onSave(draft);
    setBusy(false);
    setError(problem);
    if (!problem && !onCancel) setDraft(EMPTY);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={label}>
      <Field label="Title" value={draft.title} onChange={set('title')} required maxLength={1000} />
      <Field label="Authors" hint="Separated by semicolons: Jana Müller; Li Wei" value={draft.authors} onChange={set('authors')} />
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <Field label="Year" inputMode="numeric" value={draft.year} onChange={set('year')} maxLength={4} />
        <Field label="Venue" hint="Journal or conference" value={draft.venue} onChange={set('venue')} />
      </div>
      <Field label="DOI" hint="10.1234/abc or https://doi.org/10.1234/abc" value={draft.doi} onChange={set('doi')} />
      <Field label="Abstract" hint="Matching reads the title and the abstract.">
        {(control) => <textarea {...control} rows={4} value={draft.abstract} onChange={set('abstract')} maxLength={20000} />}
      </Field>
      <Alert>{error}</Alert>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : label}
        </Button>
        {onCancel ? (
          <Button variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Decision 0076: a person's publications — imported from BibTeX, DBLP or ORCID, or added by hand — and which count. */
export default function Publications({ loaderData }: Route.ComponentProps) {
  const followRedirect = useFollowRedirect();
  const [list, setList] = useState<PublicationListJson>(loaderData);
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const reload = async () => setList(await listMyPublications());
  const failed = (err: unknown, fallback: string): string | null => (followRedirect(err) ? null : messageOf(err, fallback));

  const importFile = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setImportError('Choose a file first.');
      return;
    }
    setImporting(true);
    setImportError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const result = await importMyPublications(form);
      setList({ publications: result.publications, counted: result.publications.filter((p) => p.counts).length });
      toast.success(result.message);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      setImportError(failed(err, 'The file could not be imported. Please try again.'));
    } finally {
      setImporting(false);
    }
  };

  const save = async (work: () => Promise<unknown>, success: string): Promise<string | null> => {
    try {
      await work();
      await reload();
      toast.success(success);
      return null;
    } catch (err) {
      return failed(err, 'Could not save. Please try again.');
    }
  };
  /** Shown at once; put back if the server refuses. */
  const toggle = async (p: PublicationJson) => {
    const flip = (counts: boolean) =>
      setList((l) => {
        const publications = l.publications.map((x) => (x.id === p.id ? { ...x, counts } : x));
        return { publications, counted: publications.filter((x) => x.counts).length };
      });
    flip(!p.counts);
    try {
      await updateMyPublication(p.id, { counts: !p.counts });
      toast.success(p.counts ? `“${p.title}” no longer counts for matching.` : `“${p.title}” counts for matching.`);
    } catch (err) {
      flip(p.counts);
      const problem = failed(err, 'Could not save. Please try again.');
      if (problem) toast.error(problem);
    }
  };
  const remove = async (p: PublicationJson) => {
    const problem = await save(() => removeMyPublication(p.id), `“${p.title}” removed.`);
    if (problem) toast.error(problem);
  };

  const { publications, counted } = list;
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold text-brand-900">Publications</h1>
      <p className="mt-2 text-slate-700">
        What you wrote tells the chairs which papers are closest to your expertise. Only the publications that count are used for matching.
      </p>

      <Card className="mt-6 space-y-3" aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold text-brand-900">
          Import a file
        </h2>
        <p className="text-sm text-slate-700">
          A BibTeX file (.bib, with abstracts if it has them), the XML export of your DBLP page (dblp.org/pid/….xml) or your ORCID works
          (JSON). At most 2 MB. Publications already listed (same DOI, or same title) are not added twice.
        </p>
        <form onSubmit={(e) => void importFile(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor="publications-file" className="block text-sm font-medium text-slate-700">
              Publications file
            </label>
            <input
              id="publications-file"
              ref={fileInput}
              type="file"
              accept=".bib,.bibtex,.xml,.json,text/plain,application/xml,application/json"
              className={fileInputClass}
            />
          </div>
          <Button type="submit" disabled={importing}>
            {importing ? 'Importing…' : 'Import'}
          </Button>
        </form>
        <Alert>{importError}</Alert>
      </Card>

      <section className="mt-8" aria-labelledby="list-heading">
        <h2 id="list-heading" className="text-lg font-semibold text-brand-900">
          Your publications
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="publications-counted">
          {publications.length === 0
            ? 'None yet: import a file or add one below.'
            : `${publications.length} listed, ${counted} counted for matching.`}
        </p>
        {publications.length > 0 ? (
          <ul className="mt-3 space-y-3">
            {publications.map((p) => (
              <li key={p.id} className={cardClass()} aria-label={p.title}>
                {editing === p.id ? (
                  <PublicationForm
                    initial={draftOf(p)}
                    label="Save changes"
                    onCancel={() => setEditing(null)}
                    onSave={async (d) => {
                      const problem = await save(() => updateMyPublication(p.id, bodyOf(d)), 'Publication saved.');
                      if (!problem) setEditing(null);
                      return problem;
                    }}
                  />
                ) : (
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{p.title}</p>
                      <p className="text-sm break-words text-slate-700">
                        {[p.authors.join(', '), p.venue, p.year].filter(Boolean).join(' · ') || 'No authors, venue or year'}
                      </p>
                      <p className="text-xs text-slate-600">
                        {SOURCE[p.source]}
                        {p.doi ? ` · DOI ${p.doi}` : ''}
                        {p.abstract ? ' · with abstract' : ' · no abstract'}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-2">
                      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
                        <input type="checkbox" className="h-5 w-5" checked={p.counts} onChange={() => void toggle(p)} />
                        Counts for matching
                      </label>
                      <Button variant="quiet" size="sm" onClick={() => setEditing(p.id)} aria-label={`Edit “${p.title}”`}>
                        Edit
                      </Button>
                      <ConfirmButton
                        variant="quiet"
                        size="sm"
                        aria-label={`Remove “${p.title}”`}
                        title="Remove this publication?"
                        body={<p>“{p.title}” is removed from your profile. You can import or add it again.</p>}
                        confirmLabel="Remove"
                        onConfirm={() => remove(p)}
                      >
                        Remove
                      </ConfirmButton>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <Card className="mt-8" aria-labelledby="add-heading">
        <h2 id="add-heading" className="mb-3 text-lg font-semibold text-brand-900">
          Add by hand
        </h2>
        <PublicationForm
          initial={EMPTY}
          label="Add publication"
          onSave={(d) => save(() => addMyPublication(bodyOf(d)), 'Publication added.')}
        />
      </Card>
    </div>
  );
}
