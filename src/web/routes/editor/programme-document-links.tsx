import { useState } from 'react';
import { saveProgrammeDocument, type ProgrammeDocument } from '../../api/programme-documents';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useFollowRedirect } from '../../lib/route-data';

const LABELS: Record<ProgrammeDocument, string> = {
  programme: 'Programme (PDF)',
  session: 'Abstract book by session (PDF)',
  track: 'Abstract book by track (PDF)',
};

/**
 * Issue 26.3 on the Exports page: the printable programme and the abstract book, each downloaded with the login
 * token (a plain link would be refused). The programme and the book by session follow the published programme.
 */
export function ProgrammeDocumentLinks() {
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState<ProgrammeDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: ProgrammeDocument) => {
    setBusy(kind);
    setError(null);
    try {
      await saveProgrammeDocument(kind);
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Download failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card aria-label="Programme and abstract book">
      <h2 className="font-semibold text-brand-900">Programme and abstract book</h2>
      <p className="mt-2 text-sm text-slate-700">
        The published programme to print, day by day with rooms, chairs and presenters; the abstract book with the
        conference’s front matter, a table of contents, and each paper’s title, authors, affiliations and abstract:
        by session of the published programme, or every accepted paper by track. A book of thousands of papers takes
        a few minutes to prepare.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {(Object.keys(LABELS) as ProgrammeDocument[]).map((kind) => (
          <li key={kind}>
            <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => void download(kind)}>{busy === kind ? 'Preparing…' : LABELS[kind]}</Button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="mt-2 text-sm text-red-800">{error}</p> : null}
    </Card>
  );
}
