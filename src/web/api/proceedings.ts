import { PROCEEDINGS } from '../../core/api/proceedings';
import { saveDownload } from './client';

export type ProceedingsExport = 'xml' | 'bib' | 'csv' | 'zip';

const ENDPOINTS = {
  xml: { endpoint: PROCEEDINGS.exportCrossrefXml, base: 'proceedings-crossref' },
  bib: { endpoint: PROCEEDINGS.exportBibtex, base: 'proceedings' },
  csv: { endpoint: PROCEEDINGS.exportMetadataCsv, base: 'proceedings' },
  zip: { endpoint: PROCEEDINGS.exportCameraReadyZip, base: 'camera-ready' },
} as const;

/** Download one proceedings export (decision 0042), of one track or every track, with the login token. */
export function saveProceedingsExport(kind: ProceedingsExport, trackId?: string): Promise<void> {
  const { endpoint, base } = ENDPOINTS[kind];
  const fileName = `${base}${trackId ? `-${trackId}` : ''}-${new Date().toISOString().slice(0, 10)}.${kind}`;
  return saveDownload(endpoint, { query: trackId ? { trackId } : {}, fileName });
}
