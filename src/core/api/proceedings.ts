import { ProceedingsQuery } from '../schemas/proceedings';
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
});
