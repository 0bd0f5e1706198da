import { z } from '../zod';
import { MessageJson } from '../schemas/common';
import {
  ImportResultJson,
  PaperAffinityJson,
  PublicationBody,
  PublicationJson,
  PublicationListJson,
  PublicationPatch,
} from '../schemas/publications';
import { endpoints, fileAnswer } from './endpoint';

const PublicationParams = z.object({ publicationId: z.string().trim().min(1).max(64) });
const PersonParams = z.object({ userId: z.string().trim().min(1).max(64) });
const PaperParams = z.object({ paperId: z.string().trim().min(1).max(64) });
/** The import form: one file (documented; the handler reads the multipart body itself). */
const ImportForm = z.object({ file: z.string().describe('The BibTeX, DBLP XML or ORCID JSON file') });
const IMPORT =
  'multipart/form-data with one `file`: a BibTeX file, DBLP’s XML export of a person page or ORCID’s works JSON, read by its content, at most 2 MB. ' +
  'Entries are matched with the profile’s by DOI, else by title (case, accents and punctuation aside): a match fills only empty fields. ' +
  'All or nothing: a file that is not one of these, or has no entry with a title, changes nothing (400).';

/** Decision 0076: a person's publications (their profile for matching) and the affinities computed from them. */
export const PUBLICATIONS = endpoints('accounts', {
  listMyPublications: {
    method: 'GET',
    path: '/me/publications',
    summary: "The signed-in person's publications",
    response: PublicationListJson,
  },
  addMyPublication: {
    method: 'POST',
    path: '/me/publications',
    summary: 'Add a publication by hand',
    body: PublicationBody,
    status: 201,
    response: PublicationJson,
    errors: [409],
  },
  updateMyPublication: {
    method: 'PATCH',
    path: '/me/publications/:publicationId',
    summary: 'Edit a publication, or choose whether it counts for matching',
    params: PublicationParams,
    body: PublicationPatch,
    response: PublicationJson,
    errors: [409],
  },
  removeMyPublication: {
    method: 'DELETE',
    path: '/me/publications/:publicationId',
    summary: 'Remove a publication',
    params: PublicationParams,
    response: MessageJson,
  },
  importMyPublications: {
    method: 'POST',
    path: '/me/publications/import',
    summary: 'Import publications from a BibTeX, DBLP XML or ORCID JSON file',
    description: IMPORT,
    multipart: true,
    body: ImportForm,
    response: ImportResultJson,
    errors: [413],
  },
  listPersonPublications: {
    method: 'GET',
    path: '/editor/people/:userId/publications',
    tag: 'editor desk',
    summary: "A person's publications (the editor, and track chairs)",
    params: PersonParams,
    response: PublicationListJson,
  },
  importPersonPublications: {
    method: 'POST',
    path: '/editor/people/:userId/publications/import',
    tag: 'editor desk',
    summary: "Import publications into a person's profile (the editor; audited)",
    description: IMPORT,
    params: PersonParams,
    multipart: true,
    body: ImportForm,
    response: ImportResultJson,
    errors: [413],
  },
  getPaperAffinities: {
    method: 'GET',
    path: '/editor/papers/:paperId/affinities',
    tag: 'assignment',
    summary: "A paper's closest reviewers by what they wrote, each with the publications and terms that explain it",
    description: 'The stored top 100; `affinityRefreshing` is true while they are being computed again after a change.',
    params: PaperParams,
    response: PaperAffinityJson,
  },
  exportAffinities: {
    method: 'GET',
    path: '/editor/exports/affinity.csv',
    tag: 'editor desk',
    summary: 'Every stored (paper, reviewer) pair with a non-zero affinity, as CSV (chairs: their tracks)',
    description:
      'Columns paperId, paperNumber (empty: papers have no short number yet), reviewerId, reviewerEmail, affinity; streamed. `?paperId=` for one paper.',
    query: z.object({ paperId: z.string().trim().min(1).max(64).optional() }),
    response: fileAnswer('text/csv', 'The CSV file'),
  },
});
