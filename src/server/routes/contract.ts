import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { LoginBody, LoginLinkBody, LoginResponse, ProfileFields, SignupBody, SignupResponse, UserJson } from '../../core/schemas/auth';
import { Email, Id, MessageJson, PaperId } from '../../core/schemas/common';
import { ContactBody, ContactSentJson } from '../../core/schemas/contact';
import { HealthDownJson, HealthJson, KeynoteSpeakerJson, NewsAddedJson, NewsFields, NewsItemJson, SpeakerAddedJson, SpeakerFields } from '../../core/schemas/content';
import { EditorMessagesJson, SendMailJson } from '../../core/schemas/mail';
import { MyPapersResponse, NewPaperFields, NewPaperResponse, PaperDetailResponse, PaperJson, PaperSavedResponse, UpdatePaperFields } from '../../core/schemas/paper';
import { CardCheckoutBody, CardCheckoutResponse, PaymentsConfigJson, PaymentsListResponse, PayuInitiateBody } from '../../core/schemas/payment';
import { AddCommentBody, RespondBody, ReviewerStatusJson, ReviewerSuggestionJson, SendMailBody, SendPaperBody } from '../../core/schemas/review';

/**
 * The contract of the routes written before the type provider (issue 14 §1). Their handlers parse their
 * input with these same zod schemas, after deciding who is asking (a 401/403 comes before a 400, and the
 * messages are SPEC §8's), so Fastify is told not to validate the input again: `handlerParses`. The
 * responses are declared and checked by the serializer like any other route's.
 */
const handlerParses = { validatorCompiler: () => (data: unknown) => ({ value: data }) };

/** The error handler answers every failure as {message}. */
const errors = {
  400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 409: MessageJson,
  413: MessageJson, 429: MessageJson, 500: MessageJson, 503: MessageJson,
};
const publicErrors = { 400: MessageJson, 404: MessageJson, 413: MessageJson, 429: MessageJson, 500: MessageJson, 503: MessageJson };

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
/** A response that is a file of the given media type (a CSV, an iCalendar, a PDF), not JSON. */
export const binary = (description: string, type: string) => ({ description, content: { [type]: { schema: z.string() } } });
const multipart = (fields: z.ZodObject, file: { name: string; description: string }) =>
  z.object({ ...fields.shape, [file.name]: z.string().describe(file.description) });

const route = (schema: FastifySchema) => ({ schema, ...handlerParses });

const PageQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: Id.optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});

export const CONTRACT = {
  health: route({
    description: 'Is the server up and its database answering?',
    response: { 200: HealthJson, 503: HealthDownJson },
  }),
  signup: route({ body: SignupBody, response: { 201: SignupResponse, ...errors } }),
  login: route({ body: LoginBody, response: { 200: LoginResponse, ...errors } }),
  loginLink: route({
    description: 'Log in once with the token of a mailed one-time login link (sent when the account\'s failed-login ceiling holds and the right password came from a new address).',
    body: LoginLinkBody, response: { 200: LoginResponse, ...errors },
  }),
  me: route({ security: [{ bearer: [] }], response: { 200: UserJson, ...errors } }),
  patchMe: route({
    description: 'JSON {name, phone}, or multipart/form-data with name, phone and a `photo` (JPEG, PNG or WebP, at most 2 MB).',
    security: [{ bearer: [] }],
    consumes: ['application/json', 'multipart/form-data'],
    body: ProfileFields,
    response: { 200: z.object({ message: z.string(), user: UserJson }), ...errors },
  }),
  myPapers: route({ security: [{ bearer: [] }], response: { 200: MyPapersResponse, ...errors } }),
  newPaper: route({
    description: 'multipart/form-data: title, abstract, keywords (repeated), coAuthors (a JSON list), and the PDF in `file`. Streamed to storage; nothing is kept when the request is refused.',
    security: [{ bearer: [] }],
    consumes: ['multipart/form-data'],
    body: multipart(NewPaperFields.extend({ coAuthors: z.string().optional() }), { name: 'file', description: 'The paper, a PDF (binary)' }),
    response: { 201: NewPaperResponse, ...errors },
  }),
  authorPaper: route({ security: [{ bearer: [] }], params: z.object({ id: PaperId }), response: { 200: PaperDetailResponse, ...errors } }),
  patchAuthorPaper: route({
    description: 'multipart/form-data: a new abstract and/or a new PDF version in `file`.',
    security: [{ bearer: [] }],
    consumes: ['multipart/form-data'],
    params: z.object({ id: PaperId }),
    body: multipart(UpdatePaperFields, { name: 'file', description: 'A new version of the paper, a PDF (binary)' }).partial(),
    response: { 200: PaperSavedResponse, ...errors },
  }),
  editorPapers: route({
    description: 'Every paper, newest first; the next page\'s cursor is in the x-next-cursor header.',
    security: [{ bearer: [] }], querystring: PageQuery, response: { 200: z.array(PaperJson), ...errors },
  }),
  editorPaper: route({ security: [{ bearer: [] }], params: z.object({ paperId: PaperId }), response: { 200: PaperJson, ...errors } }),
  suggestedReviewers: route({
    security: [{ bearer: [] }], querystring: z.object({ paperId: PaperId.optional() }), response: { 200: z.array(ReviewerSuggestionJson), ...errors },
  }),
  reviewerStatus: route({ security: [{ bearer: [] }], params: z.object({ paperId: PaperId }), response: { 200: z.array(ReviewerStatusJson), ...errors } }),
  sendMail: route({
    description: 'Queue the review invitation; 200 when the mail server took it (or it is kept in the outbox without SMTP), 202 while it is still queued.',
    security: [{ bearer: [] }], params: z.object({ reviewerEmail: Email }), body: SendMailBody,
    response: { 200: SendMailJson, 202: SendMailJson, 502: MessageJson, ...errors },
  }),
  sendPaper: route({ security: [{ bearer: [] }], body: SendPaperBody, response: { 200: MessageJson, ...errors } }),
  editorMessages: route({ security: [{ bearer: [] }], response: { 200: EditorMessagesJson, ...errors } }),
  assignedPapers: route({ security: [{ bearer: [] }], params: z.object({ reviewerId: Id }), response: { 200: z.array(PaperJson), ...errors } }),
  addComment: route({ security: [{ bearer: [] }], params: z.object({ paperId: PaperId }), body: AddCommentBody, response: { 201: MessageJson, ...errors } }),
  respond: route({ security: [{ bearer: [] }], body: RespondBody, response: { 200: MessageJson, ...errors } }),
  pdf: route({
    description: 'A paper\'s PDF through a signed, time-limited link (the `pdf` URLs of the paper JSON). `variant=reviewer` (signed with the link): a reviewer\'s link, which under blind review gives the copy without document information and XMP metadata; 409 when that PDF cannot be read to make it.',
    params: z.object({ fileId: z.string() }), querystring: z.object({ expires: z.string().optional(), sig: z.string().optional(), variant: z.string().optional() }),
    response: { 200: binary('The PDF', 'application/pdf'), 403: MessageJson, 409: MessageJson, ...publicErrors },
  }),
  photo: route({
    params: z.object({ key: z.string() }),
    response: { 200: { description: 'The photo (JPEG, PNG or WebP)', content: { 'image/jpeg': { schema: z.string() }, 'image/png': { schema: z.string() }, 'image/webp': { schema: z.string() } } }, ...publicErrors },
  }),
  contact: route({ body: ContactBody, response: { 200: ContactSentJson, 201: ContactSentJson, ...publicErrors } }),
  paymentsConfig: route({ response: { 200: PaymentsConfigJson, ...publicErrors } }),
  payuInitiate: route({
    description: 'Answers an HTML page that posts the signed form to PayU\'s hosted checkout.',
    body: PayuInitiateBody, response: { 200: html('The page that hands over to PayU'), ...publicErrors },
  }),
  cardCheckout: route({ body: CardCheckoutBody, response: { 200: CardCheckoutResponse, ...publicErrors } }),
  payuCallback: route({
    description: 'PayU posts the payer\'s browser here (application/x-www-form-urlencoded, checked by its hash); answers the result page.',
    consumes: ['application/x-www-form-urlencoded'],
    body: z.record(z.string(), z.string()),
    response: { 200: html('The payment result page'), 400: html('The callback was refused'), 429: html('Too many callbacks from this address'), 500: MessageJson, 503: MessageJson },
  }),
  cardReturn: route({
    querystring: z.object({ session_id: z.string() }),
    response: { 200: html('The payment result page'), 400: html('Refused'), 500: MessageJson, 503: MessageJson },
  }),
  cardWebhook: route({
    description: 'Stripe\'s webhook: the raw JSON body, checked against the stripe-signature header.',
    body: z.record(z.string(), z.unknown()),
    response: { 200: z.object({ received: z.literal(true) }), ...publicErrors },
  }),
  editorPayments: route({
    description: 'Every payment, newest first; with `limit`, one page, and the next page\'s cursor is in the x-next-cursor header.',
    security: [{ bearer: [] }], querystring: PageQuery.omit({ q: true }), response: { 200: PaymentsListResponse, ...errors },
  }),
  editorPaymentsCsv: route({ security: [{ bearer: [] }], response: { 200: binary('Every payment (CSV, UTF-8)', 'text/csv'), ...errors } }),
  keynoteSpeakers: route({ response: { 200: z.array(KeynoteSpeakerJson), ...publicErrors } }),
  addKeynoteSpeaker: route({
    description: 'JSON, or multipart/form-data with a `photo` (JPEG, PNG or WebP, at most 2 MB).',
    security: [{ bearer: [] }], consumes: ['application/json', 'multipart/form-data'], body: SpeakerFields,
    response: { 201: SpeakerAddedJson, ...errors },
  }),
  removeKeynoteSpeaker: route({ security: [{ bearer: [] }], params: z.object({ id: Id }), response: { 200: MessageJson, ...errors } }),
  news: route({ response: { 200: z.array(NewsItemJson), ...publicErrors } }),
  addNews: route({ security: [{ bearer: [] }], body: NewsFields, response: { 201: NewsAddedJson, ...errors } }),
  removeNews: route({ security: [{ bearer: [] }], params: z.object({ id: Id }), response: { 200: MessageJson, ...errors } }),
};
