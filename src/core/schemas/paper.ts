import { z } from '../zod';
import { MESSAGES } from '../messages';
import { PAPER_STATE_CODES } from '../paper-state';
import { CoAuthorJson } from './accounts';
import { UserJson } from './auth';
import { TopicValue, TrackId } from './tracks';
import { AuthorReviewJson, CameraReadyJson, Decision, ReviewSummary } from './review-cycle';
import { AuthorMetaReviewJson } from './deliberation';
import { noBidiControls, plainLine } from './text';
import { PreflightFindingJson } from '../api/preflight';

export const CommentJson = z.object({ text: z.string(), reviewerId: z.string(), createdAt: z.string() });

/** Where the paper stands (docs/product.md#statuses) in the words of whoever asks (core/paper-state.ts). */
export const PaperStateJson = z.object({ code: z.enum(PAPER_STATE_CODES), label: z.string() });
export type PaperStateJson = z.infer<typeof PaperStateJson>;

export const PdfVersionJson = z.object({
  version: z.number(),
  url: z.string(),
  fileName: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});

/** Paper JSON everywhere (docs/product.md#the-data). `pdf` is a signed, time-limited URL to the latest version. */
export const PaperJson = z.object({
  _id: z.string(),
  title: z.string(),
  abstract: z.string(),
  keywords: z.array(z.string()),
  /** The paper's track (decision 0023): its id and name. */
  track: z.object({ id: z.string(), name: z.string() }).optional(),
  freeKeywords: z.array(z.string()).optional(),
  /** A track chair's view of a paper they are conflicted with: no reviewers, reviews or figures (decision 0023). */
  chairConflicted: z.literal(true).optional(),
  /** When the submitter withdrew it (docs/product.md#assignments-declines-and-withdrawals); absent: not withdrawn. */
  withdrawnAt: z.string().optional(),
  pdf: z.string().nullable(),
  author: z.string(),
  submittedAt: z.string(),
  comments: z.array(CommentJson),
  reviewResponses: z.record(z.string(), z.string()),
  /** Every uploaded version, oldest first (only in the author's own detail). */
  pdfVersions: z.array(PdfVersionJson).optional(),
  /** Co-authors listed by the submitting author (the author's and the editor's views). */
  coAuthors: z.array(CoAuthorJson).optional(),
  /** In an author's own lists: true when the paper was submitted by someone else and lists them as co-author. */
  coAuthored: z.boolean().optional(),
  /** docs/product.md#the-review-cycle. Editor: the decision taken; author: the decision once notified (null before). */
  decision: Decision.nullable().optional(),
  /** Editor: the decision the author was last told of. */
  notifiedDecision: Decision.nullable().optional(),
  /** Editor: count, mean, min and max of the recommendations. */
  reviewSummary: ReviewSummary.optional(),
  /** Editor (decision 0031): the mean of each score question of the review form over the counted reviews answering it; absent when none do. */
  questionMeans: z.array(z.object({ label: z.string(), mean: z.number(), count: z.number() })).optional(),
  /** Editor: the camera-ready version, a signed link. */
  cameraReady: CameraReadyJson.optional(),
  /** Author: 'Under Review', then the notified decision ('Revision requested'). */
  status: z.string().optional(),
  /** Editor and author: the paper's state and its words for them (the author's from what they were told only). */
  state: PaperStateJson.optional(),
  /** Author, once notified: each review's recommendation and comments to the authors, no reviewer identity. */
  reviews: z.array(AuthorReviewJson).optional(),
  /** Author, once notified: the meta-review's recommendation and text to the authors (decision 0033), null when none. */
  metaReview: AuthorMetaReviewJson.nullable().optional(),
  /** Editor (decision 0072): the preflight's findings in the newest version, counted; absent when it was not checked. */
  formatReport: z.object({ checked: z.literal(true), blocking: z.number().int(), warnings: z.number().int() }).optional(),
});
export type PaperJson = z.infer<typeof PaperJson>;

/** A paper's topics: its track's, or the 50 tags (the server checks them against the track). */
const PaperTopics = z.array(TopicValue).max(50, 'At most 50 topics');
/** The author's own keywords beside the track's topics, searchable (decision 0023). */
const FreeKeywords = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A keyword cannot be empty')
      .max(60, 'A keyword is at most 60 characters')
      .refine(...plainLine('A keyword')),
  )
  .max(10, 'At most 10 keywords');

export const NewPaperFields = z.object({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(300, 'Title is too long (at most 300 characters)')
    .refine(...plainLine('Title')),
  abstract: z
    .string({ message: 'Abstract is required' })
    .trim()
    .min(1, 'Abstract is required')
    .max(5000, 'Abstract is too long (at most 5,000 characters)')
    .refine(...noBidiControls('Abstract')),
  keywords: PaperTopics.default([]),
  /** The paper's track (decision 0023); without it, the track the editor names for submissions without one. */
  track: TrackId.optional(),
  freeKeywords: FreeKeywords.default([]),
});
export type NewPaperFields = z.infer<typeof NewPaperFields>;

/**
 * What the submitting author may change until the submission deadline (docs/product.md#assignments-declines-and-withdrawals); a field left out stays as it
 * is. The topics must fit the paper's track (the new one when the track changes).
 */
export const UpdatePaperFields = z.object({
  title: NewPaperFields.shape.title.optional(),
  abstract: NewPaperFields.shape.abstract.optional(),
  keywords: PaperTopics.optional(),
  track: TrackId.optional(),
  freeKeywords: FreeKeywords.optional(),
});
export type UpdatePaperFields = z.infer<typeof UpdatePaperFields>;

export const LatestComment = z.object({ comment: z.string(), commentedAt: z.string() }).nullable();

export const PaperDetailResponse = z.object({ paper: PaperJson, latestComment: LatestComment });
/** GET /author/my-papers. `waitingForVerification`: papers list this address as co-author, shown once it is verified. */
export const MyPapersResponse = z.object({
  user: UserJson,
  papers: z.array(PaperJson),
  waitingForVerification: z.literal(true).optional(),
});
export type MyPapersResponse = z.infer<typeof MyPapersResponse>;
export type PaperDetailResponse = z.infer<typeof PaperDetailResponse>;

/**
 * The answer to an upload of the paper's PDF (new paper, new version, camera-ready). `metadataWarning`
 * (decision 0021): the PDF's document properties name the uploading author; shown after the success message.
 */
export const PaperSavedResponse = z.object({
  message: z.string(),
  paper: PaperJson,
  metadataWarning: z.string().optional(),
  /** Decision 0072: what the preflight warned of in the PDF (its blocking findings refuse the upload); absent when the track checks nothing. */
  preflightWarnings: z.array(PreflightFindingJson).optional(),
});
export type PaperSavedResponse = z.infer<typeof PaperSavedResponse>;
export const NewPaperResponse = PaperSavedResponse;

export const CommentText = z
  .string({ message: MESSAGES.emptyComment })
  .trim()
  .min(1, MESSAGES.emptyComment)
  .max(10000, 'Comment is too long (at most 10,000 characters)')
  .refine(...noBidiControls('Comment'));
