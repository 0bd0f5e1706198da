import { PROGRAMME_DOCUMENTS, type AbstractBookOrder } from '../../core/api/programme-documents';
import { call, saveDownload } from './client';

export type ProgrammeDocument = 'programme' | AbstractBookOrder;

/**
 * Download the printable programme or the abstract book (decision 0053) with the login token: the editor's book by
 * session or by track; the programme is the public one (the same file a visitor gets from /program).
 */
export function saveProgrammeDocument(kind: ProgrammeDocument): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  if (kind === 'programme') return saveDownload(PROGRAMME_DOCUMENTS.getProgrammePdf, { fileName: `programme-${day}.pdf` });
  return saveDownload(PROGRAMME_DOCUMENTS.getEditorAbstractBookPdf, {
    query: { by: kind },
    fileName: `abstract-book-by-${kind}-${day}.pdf`,
  });
}

/** Decision 0073: the programme PDF and the abstract book made in the background: queued, making (n of N), ready at …. */
export const fetchDocumentStatuses = () => call(PROGRAMME_DOCUMENTS.getDocumentStatuses);
