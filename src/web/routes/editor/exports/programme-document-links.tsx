import { saveProgrammeDocument, type ProgrammeDocument } from '../../../api/programme-documents';
import { Card } from '../../../components/ui/card';
import { DownloadButtons } from './download-buttons';

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
        every accepted paper by track. A book of thousands of papers takes a few minutes to prepare.
      </p>
      <DownloadButtons labels={LABELS} save={saveProgrammeDocument} failed="Download failed" />
    </Card>
  );
}
