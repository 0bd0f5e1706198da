import { Link } from 'react-router';
import { EXPORTS } from '../../../../core/schemas/records';
import { ExportLinks } from '../../../components/export-links';
import { AnonymisedExportLinks } from './anonymised-export-links';
import { ProceedingsExportLinks } from './proceedings-export-links';
import { ProceedingsPublication } from './proceedings-publication';
import { getProceedingsPublication } from '../../../api/proceedings';
import { ProgrammeDocumentLinks } from './programme-document-links';
import { getTracks } from '../../../api/tracks';
import { loadPart } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import type { Route } from './+types/editor-exports';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Exports') }];

/**
 * Editors and track chairs (who see their three exports only: the server refuses them the rest), and the tracks the
 * proceedings may be narrowed to (none to choose when they cannot be read).
 */
export async function clientLoader() {
  const user = requireRole('Editor');
  const chair = user.chairOnly === true;
  // The proceedings' publication is the editor's alone (decision 0066); a chair is not asked.
  const [tracks, publication] = await Promise.all([loadPart(getTracks(), []), chair ? null : loadPart(getProceedingsPublication(), null)]);
  return { chair, tracks: tracks.data, publication: publication?.data ?? null };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** Every CSV export in one place, each with a line on what it holds; each also sits beside the list it exports. */
export default function EditorExports({ loaderData: { chair, tracks, publication } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Exports</h1>
      <p className="mt-2 text-slate-700">
        Spreadsheet files (CSV, UTF-8) of the conference’s records as they are now.
        {chair ? ' As a track chair you download the papers, assignments and reviews of your tracks.' : ''}
      </p>
      <div className="mt-6">
        <ExportLinks names={EXPORTS} title="Download as CSV" notes />
      </div>
      <div className="mt-6">
        <AnonymisedExportLinks chair={chair} />
      </div>
      <div className="mt-6">
        <ProceedingsExportLinks chair={chair} tracks={tracks} />
      </div>
      {publication ? (
        <div className="mt-6">
          <ProceedingsPublication publication={publication} />
        </div>
      ) : null}
      {chair ? null : (
        <div className="mt-6">
          <ProgrammeDocumentLinks />
        </div>
      )}
    </div>
  );
}
