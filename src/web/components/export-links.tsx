import { Link } from 'react-router';
import { EXPORT_LABELS, type ExportName } from '../../core/schemas/records';
import { saveExport } from '../api/editor-desk';
import { session } from '../api/client';
import { useDownload } from '../lib/route-data';
import { Button } from './ui/button';
import { Card } from './ui/card';

/** What each export holds, as the Exports page lists it. */
export const EXPORT_NOTES: Record<ExportName, string> = {
  papers:
    'One row per paper: title, abstract, author, track, keywords, dates, how many reviewers and reviews, the average recommendation and the decision.',
  reviewers:
    'One row per reviewer: name, e-mail, topics, whether the address is verified, papers assigned, accepted, declined and reviewed.',
  assignments: 'One row per paper and reviewer: the paper, its track, the reviewer, the invitation’s status and when it last changed.',
  reviews:
    'One row per review: the paper, the reviewer, recommendation, confidence, both comments, when it was submitted and whether it counts.',
  'contact-messages': 'Every message sent through the contact form: when, from whom (name, e-mail, phone, address), subject and text.',
  audit: 'The audit log: when, who (id and role), what, which paper, from which address, with the details.',
};

/** The exports a track chair may download (decision 0023: the server answers 403 to the rest). */
export const CHAIR_EXPORTS: ReadonlySet<ExportName> = new Set(['papers', 'assignments', 'reviews']);

/** The exports of `names` the signed-in editor may download: a track chair's three, or all. */
export function exportsFor(names: readonly ExportName[], chairOnly = session.user()?.chairOnly === true): ExportName[] {
  return chairOnly ? names.filter((n) => CHAIR_EXPORTS.has(n)) : [...names];
}

/**
 * Buttons that download the editor's CSV exports (streamed by the server; UTF-8 with BOM for spreadsheet apps).
 * A file download, not screen data: a direct call, whose refused session follows the redirect to log in.
 * A track chair sees only the exports the server lets them have; with none left nothing is drawn. `notes`
 * adds each export's line on what it holds (the Exports page); `more` links to that page.
 */
export function ExportLinks({
  names,
  title = 'Download as CSV',
  notes = false,
  more = false,
}: {
  names: readonly ExportName[];
  title?: string;
  notes?: boolean;
  more?: boolean;
}) {
  const { busy, error, download } = useDownload<ExportName>(saveExport, 'Export failed');
  const shown = exportsFor(names);
  if (shown.length === 0) return null;
  const button = (name: ExportName) => (
    <Button variant="secondary" size="sm" onClick={() => void download(name)} disabled={busy !== null}>
      {busy === name ? 'Preparing…' : EXPORT_LABELS[name]}
    </Button>
  );
  return (
    <Card aria-label={title}>
      <h2 className="font-semibold text-brand-900">{title}</h2>
      {notes ? (
        <ul className="mt-3 space-y-4">
          {shown.map((name) => (
            <li key={name} className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-4">
              <span className="shrink-0 sm:w-72">{button(name)}</span>
              <span className="text-sm text-slate-700">{EXPORT_NOTES[name]}</span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {shown.map((name) => (
            <li key={name}>{button(name)}</li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {more ? (
        <p className="mt-3 text-sm">
          <Link to="/editor/exports" className="font-semibold text-brand-700 underline">
            Every export in one place
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
