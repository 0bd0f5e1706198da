import { sql } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import {
  DATE_KEYS,
  deadlineOrderProblem,
  SETTINGS_DEFAULTS,
  type EditorSettings,
  type UpdateSettingsBody,
} from '../../../core/schemas/settings';
import { AppError } from '../../errors';
import { statementName, type Db } from '../../db/connect';
import { settings } from '../../db/schema';
import { recordAudit, type Actor } from './audit';

/** The stored settings as services read them (the row's columns, a plain type across the service boundary). */
export interface StoredSettings {
  id: number;
  submissionDeadline: Date | null;
  reviewDeadline: Date | null;
  cameraReadyDeadline: Date | null;
  reviewersPerPaper: number;
  maxPapersPerReviewer: number;
  blindReview: boolean;
  blindAnnotationText: 'keep-unless-naming-author' | 'remove';
  requireVerifiedEmail: boolean;
  reminderDaysBefore: number | null;
  reviewerApproval: boolean;
  defaultTrackId: string;
  reviewVisibility: 'after-own-review' | 'after-deadline' | 'never';
  biddingDeadline: Date | null;
  responseOpens: Date | null;
  responseCloses: Date | null;
  discussionDeadline: Date | null;
  notificationDate: Date | null;
  responseWordLimit: number;
  doiPrefix: string | null;
  doiPattern: string;
  organiserName: string;
  organiserTitle: string;
  signatureKey: string | null;
  passportRetentionDays: number;
  conference: ConferenceFacts | null;
  logoKey: string | null;
  conferenceUpdatedAt: Date | null;
  workshopFirstDay: string;
  workshopLastDay: string;
  workshopVenue: string | null;
  /** Decision 0077. */
  seatHoldMinutes: number;
  badgePickupOpen: boolean;
  updatedAt: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSettingsJson(row: StoredSettings | undefined): EditorSettings {
  if (!row) return SETTINGS_DEFAULTS;
  return {
    submissionDeadline: iso(row.submissionDeadline),
    reviewDeadline: iso(row.reviewDeadline),
    cameraReadyDeadline: iso(row.cameraReadyDeadline),
    reviewersPerPaper: row.reviewersPerPaper,
    maxPapersPerReviewer: row.maxPapersPerReviewer,
    blindReview: row.blindReview,
    blindAnnotationText: row.blindAnnotationText,
    reviewerApproval: row.reviewerApproval,
    reminderDaysBefore: row.reminderDaysBefore,
    requireVerifiedEmail: row.requireVerifiedEmail,
    reviewVisibility: row.reviewVisibility,
    biddingDeadline: iso(row.biddingDeadline),
    responseOpens: iso(row.responseOpens),
    responseCloses: iso(row.responseCloses),
    discussionDeadline: iso(row.discussionDeadline),
    notificationDate: iso(row.notificationDate),
    responseWordLimit: row.responseWordLimit,
    doiPrefix: row.doiPrefix,
    doiPattern: row.doiPattern,
    organiserName: row.organiserName,
    organiserTitle: row.organiserTitle,
    hasSignature: row.signatureKey !== null,
    passportRetentionDays: row.passportRetentionDays,
  };
}

// Read on most requests: prepared once per database (or transaction), not built per call (decision 0055).
const prepareSettingsQuery = (db: Db) =>
  db
    .select()
    .from(settings)
    .where(sql`${settings.id} = 1`)
    .limit(1)
    .prepare(statementName('settings_row'));
const settingsQueries = new WeakMap<Db, ReturnType<typeof prepareSettingsQuery>>();

/** The settings row (defaults until the editor saves any). Read on every rule check: one primary-key lookup. */
export async function getSettingsRow({ db }: { db: Db }): Promise<StoredSettings | undefined> {
  let query = settingsQueries.get(db);
  if (!query) settingsQueries.set(db, (query = prepareSettingsQuery(db)));
  const [row] = await query.execute();
  return row;
}

export async function getSettings({ db }: { db: Db }): Promise<EditorSettings> {
  return toSettingsJson(await getSettingsRow({ db }));
}

/** Save the editor's settings (only the fields sent), audited. */
export async function updateSettings(opts: { db: Db; patch: UpdateSettingsBody; editor: Actor }): Promise<EditorSettings> {
  const { patch } = opts;
  const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
  const values = {
    submissionDeadline: date(patch.submissionDeadline),
    reviewDeadline: date(patch.reviewDeadline),
    cameraReadyDeadline: date(patch.cameraReadyDeadline),
    reviewersPerPaper: patch.reviewersPerPaper,
    maxPapersPerReviewer: patch.maxPapersPerReviewer,
    blindReview: patch.blindReview,
    blindAnnotationText: patch.blindAnnotationText,
    reviewerApproval: patch.reviewerApproval,
    reminderDaysBefore: patch.reminderDaysBefore,
    requireVerifiedEmail: patch.requireVerifiedEmail,
    reviewVisibility: patch.reviewVisibility,
    biddingDeadline: date(patch.biddingDeadline),
    responseOpens: date(patch.responseOpens),
    responseCloses: date(patch.responseCloses),
    discussionDeadline: date(patch.discussionDeadline),
    notificationDate: date(patch.notificationDate),
    responseWordLimit: patch.responseWordLimit,
    doiPrefix: patch.doiPrefix,
    doiPattern: patch.doiPattern,
    organiserName: patch.organiserName,
    organiserTitle: patch.organiserTitle,
    passportRetentionDays: patch.passportRetentionDays,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return opts.db.transaction(async (tx) => {
    // The deadlines as they will be, checked in their order before anything is saved (docs/product.md#settings).
    const [current] = await tx
      .select()
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .for('update')
      .limit(1);
    const after = (key: (typeof DATE_KEYS)[number]) => (values[key] === undefined ? iso(current?.[key] ?? null) : iso(values[key]));
    const problem = deadlineOrderProblem(
      Object.fromEntries(DATE_KEYS.map((k) => [k, after(k)])) as Record<(typeof DATE_KEYS)[number], string | null>,
    );
    if (problem) throw new AppError('bad_request', problem);
    const [row] = await tx
      .insert(settings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { ...set, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'settings.update',
      paperId: null,
      ip: opts.editor.ip,
      details: patch,
    });
    return toSettingsJson(row);
  });
}

/** True when the deadline is set and now is past it. */
export const isPast = (deadline: Date | null | undefined) => Boolean(deadline && Date.now() > deadline.getTime());
