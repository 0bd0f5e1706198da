import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConferenceFacts } from '../../core/conference-facts';
import { SESSION_KINDS, type PublishedSession } from '../../core/program';
import type { PreflightFinding, PreflightRules } from '../../core/preflight';

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * The edition a row belongs to (decision 0060). Every table below whose name is in migration 0021's list is a view
 * showing the current edition's rows only (the table itself is `<name>_all`); the column is declared where a key
 * names it. Left out of an insert, it is the current edition.
 */
const editionId = () =>
  text('edition_id')
    .notNull()
    .default(sql`current_edition()`);

/**
 * The conference's editions (decision 0060): one is current; the others are read-only records. People, accounts and
 * files belong to the series; almost everything else to one edition.
 */
export const editions = pgTable('editions', {
  id: text('id').primaryKey(),
  year: integer('year').notNull().unique('editions_year_key'),
  isCurrent: boolean('is_current').notNull().default(false),
  openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  openedBy: text('opened_by'),
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['Author', 'Editor', 'Reviewer'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    photoKey: text('photo_key'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** Login tokens issued before this moment are refused (set by a password reset). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }),
    /** When the account's e-mail was confirmed through the link mailed at signup; null: not verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** When an editor approved this reviewer (docs/product.md#the-review-cycle); null: not approved, which matters only while settings.reviewerApproval is on. */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * An Editor account that signed up because the editor named its address chair of a track (decision 0023): it acts
     * only on the papers of the tracks that name its verified address. Editors from EDITOR_EMAILS or the first one are false.
     */
    chairOnly: boolean('chair_only').notNull().default(false),
    /** Decision 0042: a structured affiliation (institution, ISO 3166-1 alpha-2 country) and an ORCID iD, for proceedings metadata. */
    affiliation: text('affiliation').notNull().default(''),
    country: text('country').notNull().default(''),
    orcid: text('orcid'),
    /** Decision 0070: when an ORCID sign-in proved `orcid` (null: typed by the person, not verified). */
    orcidVerifiedAt: timestamp('orcid_verified_at', { withTimezone: true, mode: 'date' }),
    /** Decision 0070: the editor requires a second factor of this account and it has none: it may only set one up. */
    secondFactorDue: boolean('second_factor_due').notNull().default(false),
    /** Decision 0071: tokens that name no session (older ones) issued before this moment are refused. */
    unsessionedTokensValidAfter: timestamp('unsessioned_tokens_valid_after', { withTimezone: true, mode: 'date' }),
    /** Decision 0074: the name's parts as the person gave them ('' when not given: `name` is then shown as it is). */
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    familyFirst: boolean('family_first').notNull().default(false),
    latinName: text('latin_name').notNull().default(''),
  },
  (t) => [
    // One verified account per address and role; unverified ones may share it (docs/product.md#accounts-and-verified-addresses: a stranger's
    // unverified signup with someone's address must not block the owner's own signup).
    uniqueIndex('users_verified_email_role_key')
      .on(sql`lower(${t.email})`, t.role)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_role_idx').on(sql`lower(${t.email})`, t.role),
    index('users_role_idx').on(t.role, t.id),
    // Conflicts of interest (docs/product.md#conflicts-of-interest): a reviewer's address by its end ('…@uni-a.edu', '…@gmail.com') is a
    // prefix of the reversed address, so finding a paper's conflicted reviewers reads an index, not every reviewer.
    index('users_reviewer_reverse_email_idx')
      .using('btree', sql`reverse(lower(${t.email})) text_pattern_ops`)
      .where(sql`${t.role} = 'Reviewer'`),
  ],
);

/** The call for papers' tracks (decision 0023), data the editor edits; a paper belongs to one. */
export const tracks = pgTable(
  'tracks',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The topics an author picks from for a paper of this track (reviewers pick from every track's). */
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Closed tracks take no new papers; their papers stay. */
    open: boolean('open').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tracks_name_key').on(sql`lower(${t.name})`)],
);

/** Who chairs a track, by lower-cased address: the rights wait until an Editor account proves the address (docs/product.md#accounts-and-verified-addresses). */
export const trackChairs = pgTable(
  'track_chairs',
  {
    trackId: text('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.email] }), index('track_chairs_email_idx').on(t.email)],
);

export const papers = pgTable(
  'papers',
  {
    id: id(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    submittedAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The editor's decision (docs/product.md#the-review-cycle); the author sees it only once notified (notifiedDecision). */
    decision: text('decision', { enum: ['Accepted', 'Rejected', 'Revision'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    notifiedDecision: text('notified_decision', { enum: ['Accepted', 'Rejected', 'Revision'] }),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    /** The paper's track (decision 0023); every paper has one (a submission without one goes to settings.defaultTrackId). */
    trackId: text('track_id')
      .notNull()
      .default('track-2')
      .references(() => tracks.id),
    /** Words of the author's own beside the track's topics, searchable (decision 0023). */
    freeKeywords: text('free_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the submitter withdrew the paper (docs/product.md#assignments-declines-and-withdrawals): out of bidding, assignment and the review. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('papers_author_idx').on(t.authorId, t.id), index('papers_track_idx').on(t.trackId, t.id)],
);

/** Every uploaded version of a paper's PDF; the highest version is the current one. */
export const paperFiles = pgTable(
  'paper_files',
  {
    id: id(),
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    fileName: text('file_name').notNull(),
    uploadedAt: createdAt(),
  },
  (t) => [uniqueIndex('paper_files_paper_version_key').on(t.paperId, t.version)],
);

/** One row per (paper, reviewer) the editor has contacted or assigned. */
export const reviewStatuses = pgTable(
  'review_statuses',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    assigned: boolean('assigned').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the reviewer was first sent the paper: orders "Reviewer 1", "Reviewer 2"… in what authors see (docs/product.md#who-sees-whom). */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId] }), index('review_statuses_reviewer_idx').on(t.reviewerId, t.paperId)],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_paper_idx').on(t.paperId, t.id)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull().default(''),
  ip: text('ip').notNull().default(''),
  createdAt: createdAt(),
});

export const mailLog = pgTable('mail_log', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  template: text('template').notNull(),
  result: text('result', { enum: ['sent', 'outbox', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

export const payments = pgTable('payments', {
  id: id(),
  txnid: text('txnid').notNull().unique(),
  provider: text('provider', { enum: ['payu', 'stripe', 'bank'] }).notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  product: text('product').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] })
    .notNull()
    .default('pending'),
  providerRef: text('provider_ref'),
  /** Decision 0043: the registration this payment pays for (the payment modal creates one too); null only for rows from before it. */
  registrationId: text('registration_id'),
  /** Decision 0043: a bank transfer the editor recorded: the day the money arrived and who recorded it (provider 'bank'). */
  paidOn: text('paid_on'),
  recordedBy: text('recorded_by'),
  /** The fee item the payer chose (a fee-table row: docs/product.md#fees-and-fixed-figures), and the amount core/fees.ts expects for it; null: not given. */
  feeItem: jsonb('fee_item'),
  expectedAmount: numeric('expected_amount', { precision: 12, scale: 2 }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every callback a payment provider made, good or bad, as received. */
export const paymentEvents = pgTable('payment_events', {
  id: id(),
  txnid: text('txnid'),
  kind: text('kind').notNull(),
  accepted: boolean('accepted').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

export const keynoteSpeakers = pgTable('keynote_speakers', {
  id: id(),
  name: text('name').notNull(),
  designation: text('designation').notNull().default(''),
  position: text('position').notNull().default(''),
  photoKey: text('photo_key'),
  /** Plain text, paragraphs separated by a blank line; '' when none (Read More then shows the designation). */
  biography: text('biography').notNull().default(''),
  /** Place on /keynote, smallest first (decision 0026). */
  sortOrder: integer('sort_order').notNull().default(0),
  /** One of the seven speakers shipped with the site (src/web/content/speakers.ts), seeded by migration 0013 under its content id. */
  shipped: boolean('shipped').notNull().default(false),
  createdAt: createdAt(),
});

export const newsItems = pgTable('news_items', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Place in the ticker, smallest first. */
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The committee of /committee (decision 0062), under its section's heading, in the editor's order. */
export const committeeMembers = pgTable('committee_members', {
  id: id(),
  section: text('section').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().default(''),
  affiliation: text('affiliation').notNull().default(''),
  country: text('country').notNull().default(''),
  photoKey: text('photo_key'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The home page's sponsors and partners (decision 0062); `logoSrc`: one of the site's own pictures (the seeded rows). */
export const sponsors = pgTable('sponsors', {
  id: id(),
  name: text('name').notNull(),
  role: text('role').notNull().default(''),
  link: text('link').notNull().default(''),
  logoKey: text('logo_key'),
  logoSrc: text('logo_src'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The buttons of /previous-events (decision 0062). */
export const previousEvents = pgTable('previous_events', {
  id: id(),
  label: text('label').notNull(),
  year: integer('year').notNull(),
  place: text('place').notNull().default(''),
  link: text('link').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The organiser's own pages (decision 0064): Markdown at a top-level address, in the public bar when `inMenu`. */
export const sitePages = pgTable(
  'site_pages',
  {
    editionId: editionId(),
    id: text('id').notNull(),
    address: text('address').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    inMenu: boolean('in_menu').notNull().default(false),
    menuOrder: integer('menu_order').notNull().default(0),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.id] }), uniqueIndex('site_pages_address_key').on(t.editionId, t.address)],
);
export type SitePageRow = typeof sitePages.$inferSelect;

/** Single-use links mailed to a user: password reset (one hour) and e-mail verification. Only a hash of the token is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['reset', 'verify', 'login'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** The co-authors the submitting author lists on a paper, in their order. */
export const paperCoAuthors = pgTable(
  'paper_co_authors',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    affiliation: text('affiliation').notNull().default(''),
    /** Decision 0042: the affiliation's country (ISO 3166-1 alpha-2, '' when not given) and the person's ORCID iD (checksum-valid, or null). */
    country: text('country').notNull().default(''),
    orcid: text('orcid'),
    /** Decision 0074: the name's parts as the submitting author gave them ('' when not given). */
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    familyFirst: boolean('family_first').notNull().default(false),
    latinName: text('latin_name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.position] }), index('paper_co_authors_email_idx').on(sql`lower(${t.email})`)],
);

/** Who changed what, when and from where (docs/product.md#audit-log-and-exports). Rows are only ever inserted: no route updates or deletes them. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: createdAt(),
    actorId: text('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    paperId: text('paper_id'),
    ip: text('ip'),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_paper_idx').on(t.paperId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * Every e-mail, queued in the same transaction as the change that causes it; a worker claims due rows with
 * FOR UPDATE SKIP LOCKED, marks them 'sending' under a lease, and records the Message-ID the SMTP server accepted.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'outbox'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** The notification kind a recipient may turn off or gather into a digest (core/mail-templates.ts); null: essential. */
    category: text('category'),
    /** The bulk mail this one belongs to (decision 0040). */
    bulkId: text('bulk_id'),
    /** The SMTP server's last answer: its acceptance ("250 …") or its refusal, kept as it came (decision 0037). */
    smtpResponse: text('smtp_response'),
    /** The one-click unsubscribe URL sent as List-Unsubscribe with a non-essential mail (RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_bulk_idx')
      .on(t.bulkId)
      .where(sql`${t.bulkId} is not null`),
    index('mail_queue_to_idx').on(sql`lower(${t.to})`),
    index('mail_queue_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/** The editor's wording of a mail (decision 0038): a row replaces the default template of that name until it is reset. */
export const mailTemplates = pgTable('mail_templates', {
  editionId: editionId(),
  name: text('name').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: text('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** How an address wants one kind of non-essential mail (decision 0039); no row: immediate. Keyed by the lower-cased address. */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    email: text('email').notNull(),
    category: text('category').notNull(),
    mode: text('mode', { enum: ['immediate', 'daily', 'off'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.category] })],
);

/** A notification waiting for its recipient's daily digest; `digestMailId` is set when a digest gathered it (once). */
export const mailDigestItems = pgTable(
  'mail_digest_items',
  {
    id: id(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    digestMailId: text('digest_mail_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_digest_items_pending_idx')
      .on(t.email, t.createdAt)
      .where(sql`${t.digestMailId} is null`),
  ],
);

/** Papers whose authors were told the response window opened (decision 0038): one row, one mail, whatever the instances. */
export const responseWindowNotices = pgTable('response_window_notices', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => papers.id),
  createdAt: createdAt(),
});

/** A mail an editor or track chair wrote to a group (decision 0040); `key` makes a second click send nothing. */
export const bulkMails = pgTable('bulk_mails', {
  id: id(),
  editionId: editionId(),
  key: text('key').notNull().unique(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id),
  audience: jsonb('audience').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  recipients: integer('recipients').notNull(),
  createdAt: createdAt(),
});

/** One reminder per (paper, reviewer) before the review deadline: the primary key makes a second impossible. */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    mailId: text('mail_id'),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId] })],
);

/** A session of the conference programme (decision 0017); times are instants, shown in the conference's time zone. */
export const programSessions = pgTable(
  'program_sessions',
  {
    id: id(),
    title: text('title').notNull(),
    /** 'papers' (a track's session of papers) or a slot without papers, which has no track ('') and holds no papers. */
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('papers'),
    track: text('track').notNull(),
    room: text('room').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    chair: text('chair').notNull().default(''),
    /** Decision 0052: the online session's link (https), shown only to registered people; '' for none. */
    link: text('link').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('program_sessions_start_idx').on(t.startsAt, t.id)],
);

/** A paper placed in a session, in order, with its presenter (one of the paper's authors). A paper is in one session at most. */
export const programPlacements = pgTable(
  'program_placements',
  {
    paperId: text('paper_id')
      .primaryKey()
      .references(() => papers.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => programSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    presenterName: text('presenter_name').notNull(),
    presenterEmail: text('presenter_email').notNull(),
  },
  (t) => [index('program_placements_session_idx').on(t.sessionId, t.position)],
);

/**
 * Decision 0052: each publication of the programme, as it was published (the sessions with their papers and
 * presenters' e-mails, links included). The newest is what /program, the calendar files and the printable
 * programme show; the sessions and placements tables are the editor's draft.
 */
export const programPublications = pgTable('program_publications', {
  id: serial('id').primaryKey(),
  sessions: jsonb('sessions').$type<PublishedSession[]>().notNull(),
  publishedBy: text('published_by').references(() => users.id),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A signed-in participant's personal agenda: the published sessions they starred (edition-scoped). */
export const agendaStars = pgTable(
  'agenda_stars',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'agenda_stars_user_session_pk', columns: [t.userId, t.sessionId] })],
);

/** Certificates of presentation (per presented paper) and attendance (per registered payer); the code is the public key. */
export const certificates = pgTable(
  'certificates',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['presentation', 'attendance', 'award', 'workshop'] }).notNull(),
    /**
     * presentation: the paper id; attendance: the attendee's lower-cased e-mail; award: the nomination id;
     * workshop: the workshop registration's id. One certificate per subject and kind.
     */
    subject: text('subject').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    paperId: text('paper_id').references(() => papers.id),
    paperTitle: text('paper_title'),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('certificates_kind_subject_key').on(t.kind, t.subject), index('certificates_email_idx').on(sql`lower(${t.email})`)],
);

/** Row types: services take and return these (decision 0018). */
export type UserRow = typeof users.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;
export type TrackRow = typeof tracks.$inferSelect;
export type PaperFileRow = typeof paperFiles.$inferSelect;
export type ReviewStatusRow = typeof reviewStatuses.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type KeynoteSpeakerRow = typeof keynoteSpeakers.$inferSelect;
export type CommitteeMemberRow = typeof committeeMembers.$inferSelect;
export type SponsorRow = typeof sponsors.$inferSelect;
export type PreviousEventRow = typeof previousEvents.$inferSelect;
export type NewsItemRow = typeof newsItems.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type MailQueueRow = typeof mailQueue.$inferSelect;

/** The editor's settings of the review cycle (docs/product.md#the-review-cycle): one row, id 1. */
export const settings = pgTable('settings', {
  editionId: editionId(),
  id: integer('id').primaryKey().default(1),
  submissionDeadline: timestamp('submission_deadline', { withTimezone: true, mode: 'date' }),
  reviewDeadline: timestamp('review_deadline', { withTimezone: true, mode: 'date' }),
  cameraReadyDeadline: timestamp('camera_ready_deadline', { withTimezone: true, mode: 'date' }),
  reviewersPerPaper: integer('reviewers_per_paper').notNull().default(3),
  maxPapersPerReviewer: integer('max_papers_per_reviewer').notNull().default(10),
  blindReview: boolean('blind_review').notNull().default(false),
  /** Under blind review, which annotations keep their text in the reviewers' copy of a PDF (decision 0021). */
  blindAnnotationText: text('blind_annotation_text', { enum: ['keep-unless-naming-author', 'remove'] })
    .notNull()
    .default('keep-unless-naming-author'),
  /** Only reviewers who verified their e-mail are suggested, sent papers or auto-assigned (decision 0016); off by default. */
  requireVerifiedEmail: boolean('require_verified_email').notNull().default(false),
  /** Days before the review deadline when reviewers with work left get one reminder (docs/product.md#mail); null: off. */
  reminderDaysBefore: integer('reminder_days_before'),
  /** New reviewers wait for an editor's approval before they are suggested, sent, shown bids or auto-assigned (docs/product.md#the-review-cycle). */
  reviewerApproval: boolean('reviewer_approval').notNull().default(false),
  /** Where a submission that names no track goes (the original new-paper call has none): decision 0023. */
  defaultTrackId: text('default_track_id').notNull().default('track-2'),
  /** Decision 0032: when a reviewer sees the other reviews of a paper. */
  reviewVisibility: text('review_visibility', { enum: ['after-own-review', 'after-deadline', 'never'] })
    .notNull()
    .default('after-own-review'),
  /** Decision 0035: the dates of the phases that had none. */
  biddingDeadline: timestamp('bidding_deadline', { withTimezone: true, mode: 'date' }),
  responseOpens: timestamp('response_opens', { withTimezone: true, mode: 'date' }),
  responseCloses: timestamp('response_closes', { withTimezone: true, mode: 'date' }),
  discussionDeadline: timestamp('discussion_deadline', { withTimezone: true, mode: 'date' }),
  notificationDate: timestamp('notification_date', { withTimezone: true, mode: 'date' }),
  /** Decision 0033: the most words an author response may have. */
  responseWordLimit: integer('response_word_limit').notNull().default(500),
  /** Decision 0042: the publisher's DOI prefix ('10.' + registrant code) and the pattern of a paper's suffix ({paperId}, {year}); null: no DOIs. */
  doiPrefix: text('doi_prefix'),
  doiPattern: text('doi_pattern').notNull().default('imse.{year}.{paperId}'),
  /** Decision 0046: who signs the conference's letters, and the signature image (file store key; null: none). */
  organiserName: text('organiser_name').notNull().default('Organising Secretary'),
  organiserTitle: text('organiser_title').notNull().default('Organising Committee'),
  signatureKey: text('signature_key'),
  /** Decision 0046: passport numbers are removed this many days after the conference's last day. */
  passportRetentionDays: integer('passport_retention_days').notNull().default(30),
  /** Decision 0051: the conference's facts (src/core/conference-facts.ts); null: the defaults. */
  conference: jsonb('conference').$type<ConferenceFacts>(),
  /** Decision 0054: the logo printed on documents (file store key, PNG or JPEG); null: the drawn IMSE logo. */
  logoKey: text('logo_key'),
  /** When the conference's facts or logo last changed: instances re-render the public pages when it moves. */
  conferenceUpdatedAt: timestamp('conference_updated_at', { withTimezone: true, mode: 'date' }),
  /** Decision 0045: the technical workshop's first and last day, and its venue (null: the conference's venue). */
  workshopFirstDay: date('workshop_first_day', { mode: 'string' }).notNull().default('2022-12-30'),
  workshopLastDay: date('workshop_last_day', { mode: 'string' }).notNull().default('2022-12-30'),
  workshopVenue: text('workshop_venue'),
  /** Decision 0066: when the organiser published the proceedings (the camera-ready PDFs become public); null: not published. */
  proceedingsPublishedAt: timestamp('proceedings_published_at', { withTimezone: true, mode: 'date' }),
  /** Decision 0077: how long an unpaid registration holds a limited seat, and badge pick-up before the first day. */
  seatHoldMinutes: integer('seat_hold_minutes').notNull().default(60),
  badgePickupOpen: boolean('badge_pickup_open').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One structured review per (paper, reviewer); a second save replaces the first. */
export const reviews = pgTable(
  'reviews',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    recommendation: integer('recommendation').notNull(),
    confidence: integer('confidence').notNull(),
    commentsToAuthors: text('comments_to_authors').notNull(),
    commentsToEditor: text('comments_to_editor').notNull().default(''),
    /** Answers to the conference's own review questions (decision 0031), by question id: a number (score) or text (choice, text). */
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId] }), index('reviews_reviewer_idx').on(t.reviewerId)],
);

/**
 * The conference's own review questions (decision 0031), besides recommendation and confidence. A question taken
 * off the form is retired, never deleted: answers saved to it stay readable.
 */
export const reviewQuestions = pgTable(
  'review_questions',
  {
    id: id(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['score', 'choice', 'text'] }).notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    /** score: the labels of 1…n in order; choice: the choices; text: empty. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    visibility: text('visibility', { enum: ['authors', 'committee'] }).notNull(),
    required: boolean('required').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('review_questions_position_idx').on(t.position)],
);

/** Every saved version of a review (decision 0034), numbered from 1 per (paper, reviewer); the newest equals the reviews row. */
export const reviewVersions = pgTable(
  'review_versions',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull(),
    recommendation: integer('recommendation').notNull(),
    confidence: integer('confidence').notNull(),
    commentsToAuthors: text('comments_to_authors').notNull(),
    commentsToEditor: text('comments_to_editor').notNull().default(''),
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull().default({}),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId, t.version] })],
);

/** A paper's discussion among its reviewers (not declined) and its chairs (decision 0032); authors never see it. */
export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: id(),
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('discussion_posts_paper_idx').on(t.paperId, t.createdAt)],
);

/** When a participant of a paper's discussion was last mailed about it: at most one mail an hour per paper (decision 0032). */
export const discussionMailMarks = pgTable(
  'discussion_mail_marks',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Posts up to this instant have been told; later ones wait for the next digest. */
    toldUntil: timestamp('told_until', { withTimezone: true, mode: 'date' }).notNull(),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.userId] })],
);

/** The chair's meta-review of a paper (decision 0033): one per paper, the latest save. */
export const metaReviews = pgTable('meta_reviews', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => papers.id),
  authorId: text('author_id')
    .notNull()
    .references(() => users.id),
  recommendation: text('recommendation', { enum: ['Accepted', 'Rejected', 'Revision'] }).notNull(),
  toAuthors: text('to_authors').notNull(),
  toCommittee: text('to_committee').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The authors' response to the reviews (decision 0033): one per paper, written by the submitter or a co-author. */
export const authorResponses = pgTable('author_responses', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => papers.id),
  authorId: text('author_id')
    .notNull()
    .references(() => users.id),
  text: text('text').notNull(),
  words: integer('words').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A chair's rating of a review (docs/product.md#deliberation), for next year's invitations. */
export const reviewRatings = pgTable(
  'review_ratings',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    ratedBy: text('rated_by')
      .notNull()
      .references(() => users.id),
    rating: text('rating', { enum: ['helpful', 'adequate', 'poor'] }).notNull(),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId] }), index('review_ratings_reviewer_idx').on(t.reviewerId)],
);

/** A reviewer's wish for a paper: eager, willing, not-willing, or a declared conflict. */
export const bids = pgTable(
  'bids',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    bid: text('bid', { enum: ['eager', 'willing', 'not-willing', 'conflict'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.reviewerId] }), index('bids_reviewer_idx').on(t.reviewerId)],
);

/** Addresses the author declares conflicted with their paper (lower-cased). */
export const declaredConflicts = pgTable(
  'declared_conflicts',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.email] }), index('declared_conflicts_email_idx').on(t.email)],
);

/** The camera-ready PDF of an accepted paper (the latest upload). */
export const cameraReady = pgTable('camera_ready', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => papers.id),
  storageKey: text('storage_key').notNull(),
  size: integer('size').notNull(),
  fileName: text('file_name').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Decision 0066: the slides a presenter (an author of the accepted paper) uploads, one PDF per paper, public on its page. */
export const paperSlides = pgTable('paper_slides', {
  editionId: editionId(),
  paperId: text('paper_id')
    .primaryKey()
    .references(() => papers.id),
  storageKey: text('storage_key').notNull(),
  size: integer('size').notNull(),
  fileName: text('file_name').notNull(),
  uploadedBy: text('uploaded_by')
    .notNull()
    .references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Decision 0072: a track's preflight rules, set by its chair (core/preflight.ts PreflightRules); no row: nothing is checked. */
export const preflightRules = pgTable('preflight_rules', {
  editionId: editionId(),
  trackId: text('track_id').notNull(),
  rules: jsonb('rules').$type<PreflightRules>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id),
});

/** Decision 0072: what the preflight found in one uploaded version of a paper (its warnings; a blocked one is never stored); gone with the version. */
export const preflightReports = pgTable('preflight_reports', {
  editionId: editionId(),
  paperFileId: text('paper_file_id')
    .primaryKey()
    .references(() => paperFiles.id, { onDelete: 'cascade' }),
  findings: jsonb('findings').$type<PreflightFinding[]>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Shared request counters (decision 0019): one row per key and fixed window, counted with an atomic
 * upsert so every instance on this database sees the same figures. Rows of past windows are deleted as
 * requests come (src/server/auth/request-limiter.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files kept in PostgreSQL (FILE_STORE=postgres, src/server/storage/pg-file-store.ts): one row per
 * content hash, its bytes in `file_chunks` rows of at most 256 KB under the blob that first stored them.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  blobId: text('blob_id').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export const fileChunks = pgTable(
  'file_chunks',
  {
    blobId: text('blob_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);
/**
 * One row per store of a file (decision 0020): a request that has stored a file but not yet committed the row
 * naming it holds it, so another request failing with the same bytes cannot delete it. Holds expire.
 */
export const fileHolds = pgTable(
  'file_holds',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('file_holds_key_idx').on(t.key), index('file_holds_at_idx').on(t.at)],
);

/** Moved on around every write by every instance: their list caches compare it (src/server/services/shared/list-cache.ts). */
export const listCacheGeneration = pgSequence('list_cache_generation');

/* Decision 0043: the conference's people and money. Amounts here are integers in the smallest unit (cents, paise), the currency beside them. */

/** A person's registration (decision 0043): the record a payment pays for; its state follows its payments. */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    /** The code on the badge and in its QR code: Crockford base32, four groups of four; also the check-in key. */
    code: text('code').notNull().unique(),
    /** The conference year it is for (core/registration.ts REGISTRATION_YEAR at the time). */
    year: integer('year').notNull(),
    /** The account that made it while signed in; null for the public payment modal. */
    userId: text('user_id').references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    affiliation: text('affiliation').notNull().default(''),
    /** ISO 3166-1 alpha-2, upper case; '' when not given (the payment modal does not ask). */
    country: text('country').notNull().default(''),
    /** A fee row key of core/registration.ts (REGISTRATION_CATEGORIES), or 'unspecified' for a modal payment that named none. */
    category: text('category').notNull(),
    paperId: text('paper_id').references(() => papers.id),
    currency: text('currency', { enum: ['USD', 'INR'] }).notNull(),
    /** The fee row's price when registered (the early-bird price when one applied). */
    listMinor: integer('list_minor').notNull(),
    earlyBird: boolean('early_bird').notNull().default(false),
    extraPages: integer('extra_pages').notNull().default(0),
    extraMinor: integer('extra_minor').notNull().default(0),
    couponCode: text('coupon_code'),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** What is due: list + extra pages - discount; the server computes it, never the payer. */
    amountMinor: integer('amount_minor').notNull(),
    billingName: text('billing_name'),
    billingAddress: text('billing_address'),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    checkedInBy: text('checked_in_by'),
    /** Decision 0077: when the badge was handed out before the conference's first day (not attendance). */
    badgePickedUpAt: timestamp('badge_picked_up_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('registrations_email_idx').on(sql`lower(${t.email})`),
    index('registrations_paper_idx').on(t.paperId),
    index('registrations_category_idx').on(t.category, t.status),
  ],
);

/** Early-bird prices (decision 0043): a fee row costs this many US cents until `until`; rupees at the stated rate. */
export const earlyBirdPrices = pgTable(
  'early_bird_prices',
  {
    id: id(),
    category: text('category').notNull(),
    usdMinor: integer('usd_minor').notNull(),
    until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('early_bird_prices_category_until_key').on(t.category, t.until)],
);

/** Coupon codes (decision 0043): percent or fixed (US cents; rupees at the stated rate), for some categories or all. */
export const coupons = pgTable('coupons', {
  /** Upper case. */
  code: text('code').primaryKey(),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  /** percent: 1-100; fixed: US cents. */
  value: integer('value').notNull(),
  /** Fee row keys it applies to; empty: every category. */
  categories: text('categories')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** At most this many registrations may carry it; null: no limit. Counted when a registration takes it, given back when an unpaid one is cancelled. */
  usageLimit: integer('usage_limit'),
  used: integer('used').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  disabled: boolean('disabled').notNull().default(false),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/** Numbers handed out once per kind and year (receipts, award ids): the row is locked by the UPDATE that takes the next. */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** A numbered receipt (decision 0048): one per paid payment, never reused. */
export const receipts = pgTable(
  'receipts',
  {
    /** e.g. "IMSE-2026-000042": sequential per year. */
    number: text('number').primaryKey(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** The public verification code (same alphabet as certificates). */
    code: text('code').notNull().unique(),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id),
    billingName: text('billing_name').notNull(),
    billingAddress: text('billing_address'),
    item: text('item').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['USD', 'INR'] }).notNull(),
    /** 'PayU', 'Card (Stripe)' or 'Bank transfer'. */
    method: text('method').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('receipts_year_seq_key').on(t.year, t.seq), index('receipts_registration_idx').on(t.registrationId)],
);

/** A visa invitation letter (decision 0046): asked for by the registrant, approved by an editor. */
export const visaLetters = pgTable(
  'visa_letters',
  {
    id: id(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id),
    passportName: text('passport_name').notNull(),
    /** ISO 3166-1 alpha-2. */
    nationality: text('nationality').notNull(),
    /** Shown only to editors; set to null (and passportRemovedAt set) a set time after the conference. */
    passportNumber: text('passport_number'),
    passportRemovedAt: timestamp('passport_removed_at', { withTimezone: true, mode: 'date' }),
    arrivalDate: text('arrival_date').notNull(),
    departureDate: text('departure_date').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected'] })
      .notNull()
      .default('requested'),
    /** Why it was refused (shown to the requester). */
    reason: text('reason'),
    /** The verification code, given on approval. */
    code: text('code').unique(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('visa_letters_registration_idx').on(t.registrationId)],
);

/** Waiting list of a full workshop course (decision 0045). */
export const workshopWaitlist = pgTable(
  'workshop_waitlist',
  {
    id: id(),
    courseId: text('course_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workshop_waitlist_course_email_key').on(t.courseId, sql`lower(${t.email})`)],
);

/** The technical workshop's courses (decision 0045), edition-scoped; migration 0024 seeds the four of core/workshop-courses.ts. */
export const workshopCourses = pgTable(
  'workshop_courses',
  {
    editionId: editionId(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    seats: integer('seats').notNull(),
    feeUsdMinor: integer('fee_usd_minor').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.id] })],
);

/** People the editor named to an award panel for a year (decision 0044); editors are on every panel. */
export const awardPanelMembers = pgTable(
  'award_panel_members',
  {
    year: integer('year').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.year, t.userId] })],
);

/** An award nomination (decision 0044). */
export const awardNominations = pgTable(
  'award_nominations',
  {
    id: id(),
    year: integer('year').notNull(),
    /** One of that year's award names (core). */
    category: text('category').notNull(),
    nomineeName: text('nominee_name').notNull(),
    nomineeEmail: text('nominee_email').notNull(),
    designation: text('designation').notNull(),
    affiliation: text('affiliation').notNull(),
    statement: text('statement').notNull(),
    /** The CV (PDF) in the file store. */
    cvKey: text('cv_key').notNull(),
    /** The nominee's photo for the awards page (image), optional until awarded. */
    photoKey: text('photo_key'),
    /** Young Scientist rule (docs/product.md#fees-and-fixed-figures): the age, or the student status (PhD, MPhil, Masters); null elsewhere. */
    age: integer('age'),
    studentStatus: text('student_status'),
    nominatedBy: text('nominated_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['submitted', 'awarded', 'not-awarded'] })
      .notNull()
      .default('submitted'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The award id, year/Award/ET/n (docs/product.md#fees-and-fixed-figures), assigned once on award and never reused. */
    awardId: text('award_id').unique(),
    /** When the panel was reminded that this nomination waits (> 7 days); once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('award_nominations_year_idx').on(t.year, t.status), index('award_nominations_by_idx').on(t.nominatedBy)],
);

/** A panel member's score of a nomination (decision 0044): 1-10 with a comment; one per member, changeable until decided. */
export const awardScores = pgTable(
  'award_scores',
  {
    nominationId: text('nomination_id')
      .notNull()
      .references(() => awardNominations.id),
    panelistId: text('panelist_id')
      .notNull()
      .references(() => users.id),
    score: integer('score').notNull(),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nominationId, t.panelistId] })],
);

/** Decision 0071: where an account is signed in. A token names its session; an ended one is refused on every instance. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Moved forward at most every few minutes, so the check on every request stays a read. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Decision 0071: a person's download of their data, made in the background and fetched once through a mailed link. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'working', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    /** The mailed link's token, hashed: a database leak opens no download. */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [index('data_exports_status_idx').on(t.status, t.requestedAt), index('data_exports_user_idx').on(t.userId)],
);

/** Decision 0071: how many days after an edition closes each kind of its data is kept; no row or null: kept. */
export const retentionRules = pgTable('retention_rules', {
  kind: text('kind').primaryKey(),
  days: integer('days'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export type RegistrationRow = typeof registrations.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type VisaLetterRow = typeof visaLetters.$inferSelect;
export type AwardNominationRow = typeof awardNominations.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** Decision 0070: an OpenID Connect identity (ORCID, an institution's login) linked to one account (one role). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id as configured (OIDC_PROVIDERS): 'orcid', 'uni'… */
    provider: text('provider').notNull(),
    /** The provider's `sub` for the person. */
    subject: text('subject').notNull(),
    role: text('role', { enum: ['Author', 'Editor', 'Reviewer'] }).notNull(),
    email: text('email'),
    orcid: text('orcid'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_role_key').on(t.provider, t.subject, t.role),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Decision 0070: one sign-in through a provider, kept server-side: state, nonce and PKCE verifier until the callback
 * (bound to the browser that started it by a cookie), then the provider's answer until the app collects it once.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: id(),
    stateHash: text('state_hash').unique(),
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    role: text('role', { enum: ['Author', 'Editor', 'Reviewer'] }).notNull(),
    linkUserId: text('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').unique(),
    subject: text('subject'),
    email: text('email'),
    emailVerified: boolean('email_verified'),
    name: text('name'),
    orcid: text('orcid'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oidc_flows_expires_idx').on(t.expiresAt)],
);

/** Decision 0070: an account's TOTP secret (RFC 6238); confirmed once a first code matched; the last time step used (no replay). */
export const userTotp = pgTable('user_totp', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Decision 0070: the ten one-time recovery codes, hashed (SHA-256 of a 50-bit random code). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** Decision 0070: a login whose password (or link, provider, role switch) was right, waiting for its second factor. */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  id: id(),
  ticketHash: text('ticket_hash').notNull().unique(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The accounts the login proved (the token's `links`). */
  links: text('links')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  via: text('via').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Decision 0070: the editor's security settings (one row, id 1): a second factor required of editors, chairs and award panels. */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey().default(1),
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  updatedBy: text('updated_by'),
});

/** Decision 0076: what a person wrote, kept by them (or imported for them by the editor); `counts`: used for matching. */
export const publications = pgTable(
  'publications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    year: integer('year'),
    authors: text('authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    venue: text('venue').notNull().default(''),
    doi: text('doi'),
    counts: boolean('counts').notNull().default(true),
    source: text('source', { enum: ['bibtex', 'dblp', 'orcid', 'manual'] }).notNull(),
    /** 'doi:<normalised DOI>' or 'title:<normalised title>': one entry per key and person (decision 0076). */
    dedupKey: text('dedup_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('publications_user_dedup_key').on(t.userId, t.dedupKey)],
);

/** Decision 0076: each paper's closest reviewers of the edition (the top 100) and what explains each affinity. */
export const affinityPairs = pgTable(
  'affinity_pairs',
  {
    editionId: editionId(),
    paperId: text('paper_id').notNull(),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    affinity: real('affinity').notNull(),
    /** The reviewer's closest publications: [{publicationId, title, year, similarity}]. */
    closest: jsonb('closest')
      .$type<Array<{ publicationId: string; title: string; year: number | null; similarity: number }>>()
      .notNull()
      .default([]),
    sharedTerms: text('shared_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.paperId, t.reviewerId] })],
);

/** Decision 0076: per edition, when affinities were last asked for, which request the stored pairs answer, and who computes. */
export const affinityRefresh = pgTable('affinity_refresh', {
  editionId: text('edition_id')
    .primaryKey()
    .references(() => editions.id),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  computedFor: timestamp('computed_for', { withTimezone: true, mode: 'date' }),
  /** The papers' state (count, last change, withdrawals) the stored pairs were computed from. */
  papersSeen: text('papers_seen'),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }),
  claim: text('claim'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
});

/**
 * Decision 0073: a document made in the background (the programme PDF, the abstract book), one row per edition and
 * kind: what was asked for, what the stored file shows, the progress, and the instance making it (a claimed row).
 */
export const documentJobs = pgTable(
  'document_jobs',
  {
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.id),
    kind: text('kind').$type<'programme' | 'abstract-book'>().notNull(),
    requestedFor: text('requested_for').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status').$type<'queued' | 'making' | 'ready' | 'failed'>().notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    madeFor: text('made_for'),
    storageKey: text('storage_key'),
    size: integer('size'),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    claim: text('claim'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.kind] })],
);
