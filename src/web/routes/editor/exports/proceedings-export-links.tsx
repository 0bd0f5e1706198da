import { useState } from 'react';
import type { TrackJson } from '../../../../core/schemas/tracks';
import { saveProceedingsExport, type ProceedingsExport } from '../../../api/proceedings';
import { Card } from '../../../components/ui/card';
import { DownloadButtons } from './download-buttons';

const LABELS: Record<ProceedingsExport, string> = {
  xml: 'Crossref deposit (XML)',
  bib: 'BibTeX',
  csv: 'Metadata (CSV)',
  zip: 'Camera-ready PDFs (zip)',
};

/**
 * Decision 0042 on the Exports page: what the publisher takes away, of the accepted papers with a
 * camera-ready version, for one track or all (the host route's loader reads the tracks).
 */
export function ProceedingsExportLinks({ chair, tracks }: { chair: boolean; tracks: TrackJson[] }) {
  const [trackId, setTrackId] = useState('');
  return (
    <Card aria-label="Proceedings">
      <h2 className="font-semibold text-brand-900">Proceedings</h2>
      <p className="mt-2 text-sm text-slate-700">
        The accepted papers with a camera-ready version{chair ? ' of your tracks' : ''}: the Crossref deposit (needs the DOI prefix in the
        settings), BibTeX entries, a spreadsheet of titles, authors, affiliations, countries, ORCID iDs and DOIs, and every camera-ready PDF
        in one zip named “paper id - title.pdf”, with the spreadsheet inside.
      </p>
      <div className="mt-3">
        <label htmlFor="proceedings-track" className="block text-sm font-medium text-slate-800">
          Track
        </label>
        <select
          id="proceedings-track"
          value={trackId}
          onChange={(e) => setTrackId(e.target.value)}
          className="mt-1 w-80 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">{chair ? 'All my tracks' : 'All tracks'}</option>
          {tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <DownloadButtons labels={LABELS} save={(kind) => saveProceedingsExport(kind, trackId || undefined)} failed="Export failed" />
    </Card>
  );
}
