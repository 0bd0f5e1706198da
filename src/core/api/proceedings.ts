import { z } from '../zod';
import { PaperId } from '../schemas/common';
import {
  PaperSlidesResponse,
  PaperSlidesSavedResponse,
  ProceedingsPublicationBody,
  ProceedingsPublicationJson,
  ProceedingsPublicationResponse,
  ProceedingsQuery,
} from '../schemas/proceedings';
import { endpoints, fileAnswer } from './endpoint';

const SCOPE =
  "Accepted papers with a camera-ready version, every track or `trackId`'s. A track chair gets their tracks' papers less those they are conflicted with; " +
  'a `trackId` they do not chair is refused (403).';

/** Decision 0042: what the publisher takes away — Crossref deposit, BibTeX, metadata CSV, the camera-ready PDFs in one zip. */
export const PROCEEDINGS = endpoints('editor desk', {
  exportCrossrefXml: {
    method: 'GET',
    path: '/editor/exports/proceedings.xml',
    summary: 'The Crossref deposit (conference proceedings, schema 5.3.1) of the accepted papers',
    description: `${SCOPE} Each paper's DOI is the settings' prefix and pattern; 409 until a DOI prefix is set.`,
    query: ProceedingsQuery,
    response: fileAnswer('application/xml', 'The Crossref deposit XML'),
    errors: [409],
  },
  exportBibtex: {
    method: 'GET',
    path: '/editor/exports/proceedings.bib',
    summary: 'The accepted papers as BibTeX @inproceedings entries',
    description: `${SCOPE} UTF-8; LaTeX's special characters escaped, names kept as written; the DOI when a prefix is set.`,
    query: ProceedingsQuery,
    response: fileAnswer('application/x-bibtex', 'The BibTeX file'),
  },
  exportMetadataCsv: {
    method: 'GET',
    path: '/editor/exports/proceedings.csv',
    summary: "The accepted papers' metadata as CSV: title, authors with affiliation, country and ORCID iD, DOI, PDF file name",
    description: SCOPE,
    query: ProceedingsQuery,
    response: fileAnswer('text/csv', 'The CSV file'),
  },
  exportCameraReadyZip: {
    method: 'GET',
    path: '/editor/exports/camera-ready.zip',
    summary: 'Every camera-ready PDF in one zip, with the metadata CSV',
    description: `${SCOPE} Entries are named "<paperId> - <title>.pdf"; proceedings.csv is inside. Streamed as it is read from the file store.`,
    query: ProceedingsQuery,
    response: fileAnswer('application/zip', 'The zip file'),
  },
  getProceedingsPublication: {
    method: 'GET',
    path: '/editor/proceedings/publication',
    summary: 'Whether the proceedings are published (decision 0066)',
    description:
      'The editor only. Published: the camera-ready PDF of each accepted paper is public at /papers/<id>/paper.pdf and linked from its page.',
    response: ProceedingsPublicationJson,
  },
  setProceedingsPublication: {
    method: 'PUT',
    path: '/editor/proceedings/publication',
    summary: 'Publish the proceedings, or take them back (decision 0066)',
    description:
      "The editor only, audited. Published: each accepted paper's camera-ready PDF is public on its page; taken back: those addresses are the 404 again.",
    body: ProceedingsPublicationBody,
    response: ProceedingsPublicationResponse,
  },
  getPaperSlides: {
    method: 'GET',
    path: '/author/paper/:id/slides',
    tag: 'submissions',
    summary: "An accepted paper's presentation slides, as its authors see them (decision 0066)",
    description: 'An author of the paper (the submitter or a co-author); `slides` is null when none were uploaded.',
    params: z.object({ id: PaperId }),
    response: PaperSlidesResponse,
  },
  uploadPaperSlides: {
    method: 'POST',
    path: '/author/paper/:id/slides',
    tag: 'submissions',
    summary: 'Upload the presentation slides of an accepted paper (decision 0066)',
    description:
      "multipart/form-data with the PDF in `file`. An author of the paper, once its acceptance was sent to the authors (403 before; 409 when withdrawn). Replaces earlier slides; public at /papers/<id>/slides.pdf and linked from the paper's page.",
    params: z.object({ id: PaperId }),
    multipart: true,
    body: z.object({ file: z.string().describe('The slides, a PDF (binary)') }),
    status: 201,
    response: PaperSlidesSavedResponse,
    errors: [409, 413],
  },
  getEditorPaperSlides: {
    method: 'GET',
    path: '/editor/papers/:paperId/slides',
    summary: "A paper's presentation slides, for the editor (decision 0066)",
    description: 'The editor only; `slides` is null when none were uploaded (or the paper is unknown).',
    params: z.object({ paperId: PaperId }),
    response: PaperSlidesResponse,
  },
  removePaperSlides: {
    method: 'DELETE',
    path: '/editor/papers/:paperId/slides',
    summary: "Remove a paper's presentation slides (decision 0066)",
    description: "The editor only, audited: the slides leave the paper's page. 404 when the paper has none.",
    params: z.object({ paperId: PaperId }),
    response: PaperSlidesSavedResponse,
  },
});
