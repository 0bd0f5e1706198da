import { z } from '../zod';
import { PaperId } from '../schemas/common';
import {
  MyPapersResponse,
  NewPaperFields,
  NewPaperResponse,
  PaperDetailResponse,
  PaperSavedResponse,
  UpdatePaperFields,
} from '../schemas/paper';
import { endpoints, fileAnswer } from './endpoint';

const IdParams = z.object({ id: PaperId });
/** The PDF part of an upload form, as the document shows it. */
const pdfPart = (description: string) => z.string().describe(description);

/** A paper's form: its fields, the co-authors as a JSON list, and the PDF. */
export const NewPaperForm = NewPaperFields.extend({ coAuthors: z.string().optional(), file: pdfPart('The paper, a PDF (binary)') });
/** A revision's form: new metadata (title, abstract, track, topics, free keywords), a new PDF, or both. */
export const RevisePaperForm = UpdatePaperFields.extend({ file: pdfPart('A new version of the paper, a PDF (binary)').optional() });
export const CameraReadyForm = z.object({ file: pdfPart('The camera-ready version, a PDF (binary)') });

/** Signed PDF links: the parts of the `pdf` URLs in the paper JSON. */
export const PdfLinkQuery = z.object({ expires: z.string().optional(), sig: z.string().optional(), variant: z.string().optional() });

/** Papers as their authors submit and revise them, and the files (PDFs, photos) the site links to. */
export const SUBMISSIONS = endpoints('submissions', {
  listMyPapers: {
    method: 'GET',
    path: '/author/my-papers',
    summary: "The signed-in author's account and papers, submitted or co-authored",
    response: MyPapersResponse,
  },
  submitPaper: {
    method: 'POST',
    path: '/author/new-paper',
    summary: 'Submit a new paper with its PDF',
    description:
      "multipart/form-data: title, abstract, keywords (repeated: topics of the paper's track, or the conference's default tags), track (a track id; without it the editor's default track), freeKeywords (repeated), coAuthors (a JSON list), and the PDF in `file`. Streamed to storage; nothing is kept when the request is refused. 403 once the submission deadline has passed.",
    multipart: true,
    body: NewPaperForm,
    status: 201,
    response: NewPaperResponse,
  },
  getMyPaper: {
    method: 'GET',
    path: '/author/paper/:id',
    summary: "One of the author's papers with its versions and the latest reviewer comment",
    params: IdParams,
    response: PaperDetailResponse,
  },
  revisePaper: {
    method: 'PATCH',
    path: '/author/paper/:id',
    summary: "Change a paper's title, abstract, track, topics or free keywords, or upload a new version of its PDF",
    description:
      "multipart/form-data, every field optional; a field left out stays as it is: title, abstract, track (a track id: existing, and open unless it is the paper's own), keywords (repeated: the topics of the paper's track — the new one when it changes — or the conference's default tags), freeKeywords (repeated), and/or a new PDF version in `file`. A repeated field sent once, empty, empties the list. The metadata is the submitting author's alone (403 for a co-author) and only until the submission deadline (403 after it); a new PDF, any author of the paper at any time. 409 once the paper is withdrawn. Audited as paper.revise with the fields that changed.",
    params: IdParams,
    multipart: true,
    body: RevisePaperForm,
    response: PaperSavedResponse,
    errors: [409],
  },
  withdrawPaper: {
    method: 'POST',
    path: '/author/paper/:id/withdraw',
    summary: 'Withdraw a paper before its decision',
    description:
      'The submitting author only (403 for a co-author). The paper leaves bidding and assignment, and no review is saved on it; each assigned reviewer who has not declined, and each co-author, is mailed. 409 when it is already withdrawn or a decision has been taken.',
    params: IdParams,
    response: PaperSavedResponse,
    errors: [409],
  },
  uploadCameraReady: {
    method: 'POST',
    path: '/author/paper/:id/camera-ready',
    summary: 'Upload the camera-ready version of an accepted paper',
    description:
      'multipart/form-data with the PDF in `file`. Taken once the acceptance has been sent to the authors, until the camera-ready deadline.',
    params: IdParams,
    multipart: true,
    body: CameraReadyForm,
    status: 201,
    response: PaperSavedResponse,
  },
  getPaperPdf: {
    method: 'GET',
    path: '/files/:fileId',
    tag: 'files',
    summary: "A paper's PDF, through a signed, time-limited link",
    description:
      "The `pdf` URLs of the paper JSON; no token needed, the signature decides (403 when it is not valid or has expired). `variant=reviewer` (signed with the link): a reviewer's link, which under blind review gives the copy without document information and XMP metadata; 409 when that PDF cannot be read to make it.",
    params: z.object({ fileId: z.string() }),
    query: PdfLinkQuery,
    response: fileAnswer('application/pdf', 'The PDF'),
    errors: [403, 409],
  },
  getPhoto: {
    method: 'GET',
    path: '/photos/:key',
    tag: 'files',
    summary: "A profile or keynote speaker's photo",
    params: z.object({ key: z.string() }),
    response: fileAnswer('image/*', 'The photo (JPEG, PNG or WebP)'),
  },
});
