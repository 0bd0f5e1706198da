import { PROCEEDINGS } from '../../core/api/proceedings';
import { call, saveDownload, uploadWithProgress } from './client';

type Progress = (sent: number, total: number) => void;

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

/** Decision 0066: whether the proceedings are published, and the editor's switch. */
export const getProceedingsPublication = () => call(PROCEEDINGS.getProceedingsPublication);
export const setProceedingsPublication = (published: boolean) => call(PROCEEDINGS.setProceedingsPublication, { body: { published } });

/** Decision 0066: an accepted paper's slides, as its authors see them, and their upload (with progress). */
export const getPaperSlides = (paperId: string) => call(PROCEEDINGS.getPaperSlides, { params: { id: paperId } });
export const uploadPaperSlides = (paperId: string, file: File, onProgress: Progress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(PROCEEDINGS.uploadPaperSlides, { params: { id: paperId }, form, onProgress });
};

/** Decision 0066: the editor reads and removes a paper's slides. */
export const getEditorPaperSlides = (paperId: string) => call(PROCEEDINGS.getEditorPaperSlides, { params: { paperId } });
export const removePaperSlides = (paperId: string) => call(PROCEEDINGS.removePaperSlides, { params: { paperId } });
