import { useEffect, useState } from 'react';
import type { DocumentStatusJson } from '../../../../core/api/programme-documents';
import { fetchDocumentStatuses, saveProgrammeDocument, type ProgrammeDocument } from '../../../api/programme-documents';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { DownloadButtons } from './download-buttons';

const NAMES: Record<DocumentStatusJson['kind'], string> = { programme: 'Programme', 'abstract-book': 'Abstract book by session' };

function statusText(d: DocumentStatusJson) {
  switch (d.status) {
    case 'none':
      return 'made once the programme is published';
    case 'queued':
      return 'queued';
    case 'making':
      return d.total > 0 ? `making: ${d.done.toLocaleString('en')} of ${d.total.toLocaleString('en')} papers` : 'making';
    case 'ready':
      return d.readyAt ? (
        <>
          ready, made <time dateTime={d.readyAt}>{formatDateTime(d.readyAt)}</time>
        </>
      ) : (
        'ready'
      );
    case 'failed':
      return `failed${d.error ? `: ${d.error}` : ''} (made again at the next publication)`;
  }
}

/**
 * Decision 0073: the public programme PDF and abstract book are made in the background after each publication;
 * their state, asked again every few seconds while one is queued or being made.
 */
function DocumentStatuses() {
  const [documents, setDocuments] = useState<DocumentStatusJson[] | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const res = await fetchDocumentStatuses();
        if (stopped) return;
        setDocuments(res.documents);
        if (res.documents.some((d) => d.status === 'queued' || d.status === 'making')) timer = setTimeout(load, 3000);
      } catch {
        if (!stopped) timer = setTimeout(load, 10_000);
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, []);
  if (!documents) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label="Documents made in the background" aria-live="polite">
      {documents.map((d) => (
        <li key={d.kind} data-document={d.kind} data-status={d.status}>
          <span className="font-semibold">{NAMES[d.kind]}</span>: {statusText(d)}
        </li>
      ))}
    </ul>
  );
}

const LABELS: Record<ProgrammeDocument, string> = {
  programme: 'Programme (PDF)',
  session: 'Abstract book by session (PDF)',
  track: 'Abstract book by track (PDF)',
};

/**
 * Decision 0053 on the Exports page: the printable programme and the abstract book, each downloaded with the login
 * token (a plain link would be refused). The programme and the book by session follow the published programme.
 */
export function ProgrammeDocumentLinks() {
  return (
    <Card aria-label="Programme and abstract book">
      <h2 className="font-semibold text-brand-900">Programme and abstract book</h2>
      <p className="mt-2 text-sm text-slate-700">
        The published programme to print, day by day with rooms, chairs and presenters; the abstract book with the conference’s front
        matter, a table of contents, and each paper’s title, authors, affiliations and abstract: by session of the published programme, or
        every accepted paper by track. The programme and the book by session are made in the background when the programme is published.
      </p>
      <DocumentStatuses />
      <DownloadButtons labels={LABELS} save={saveProgrammeDocument} failed="Download failed" />
    </Card>
  );
}
