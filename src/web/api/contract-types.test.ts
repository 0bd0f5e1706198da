import { expectTypeOf, test } from 'vitest';
import type { z } from '../../core/zod';
import type { MyPapersResponse, PaperJson, PaperSavedResponse } from '../../core/schemas/paper';
import type { PaymentJson } from '../../core/schemas/payment';
import type { NotifyBody, ReviewJson } from '../../core/schemas/review-cycle';
import type { KeynoteSpeakerJson } from '../../core/schemas/content';
import type { AuditPageJson } from '../../core/schemas/records';
import { getAllReviewers, getEditorPaper, getEditorPapersUpTo } from './assignment';
import { getAudit } from './editor-desk';
import { getPaymentsUpTo } from './payments';
import { getOwnReview, notifyAuthors, setDecision } from './review';
import type { SpeakerJson } from './site';
import { getMyPapers, uploadCameraReady } from './submissions';

// The assertions are types: `npx tsc --noEmit` checks them (vitest only runs the empty bodies). A call's answer
// and input come from its endpoint in src/core/api, so they are the core schemas' own types, not copies.

test("a call answers the output type of its endpoint's response schema", () => {
  expectTypeOf(getMyPapers).returns.resolves.toEqualTypeOf<z.output<typeof MyPapersResponse>>();
  expectTypeOf(getEditorPaper).returns.resolves.toEqualTypeOf<PaperJson>();
  expectTypeOf(getAllReviewers).returns.resolves.items.toHaveProperty('matchedTags');
  expectTypeOf(getAudit).returns.resolves.toEqualTypeOf<AuditPageJson>();
  expectTypeOf(uploadCameraReady).returns.resolves.toEqualTypeOf<z.output<typeof PaperSavedResponse>>();
  expectTypeOf(getOwnReview).returns.resolves.toEqualTypeOf<ReviewJson | null>();
  expectTypeOf<SpeakerJson>().toEqualTypeOf<KeynoteSpeakerJson>();
});

test("a paged list gives the rows of its endpoint's answer", () => {
  expectTypeOf(getEditorPapersUpTo).returns.resolves.toEqualTypeOf<{ papers: PaperJson[]; nextCursor: string | null }>();
  expectTypeOf(getPaymentsUpTo).returns.resolves.toEqualTypeOf<{ payments: PaymentJson[]; nextCursor: string | null }>();
});

test("a call takes the input type of its endpoint's body schema, and refuses another", () => {
  expectTypeOf(notifyAuthors).parameter(0).toEqualTypeOf<z.input<typeof NotifyBody>>();
  expectTypeOf(setDecision).parameter(1).toEqualTypeOf<'Accepted' | 'Rejected' | 'Revision' | null>();
  // @ts-expect-error 'Maybe' is not a decision the schema takes
  expectTypeOf(setDecision).toBeCallableWith('0123456789abcdef01234567', 'Maybe');
});
