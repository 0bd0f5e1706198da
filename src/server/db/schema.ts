import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: ['Author', 'Editor', 'Reviewer'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  phone: text('phone').notNull().default(''),
  photoKey: text('photo_key'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('users_email_role_key').on(sql`lower(${t.email})`, t.role),
  index('users_role_idx').on(t.role, t.id),
]);

export const papers = pgTable('papers', {
  id: id(),
  authorId: text('author_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  abstract: text('abstract').notNull(),
  keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
  submittedAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('papers_author_idx').on(t.authorId, t.id)]);

/** Every uploaded version of a paper's PDF; the highest version is the current one. */
export const paperFiles = pgTable('paper_files', {
  id: id(),
  paperId: text('paper_id').notNull().references(() => papers.id),
  version: integer('version').notNull(),
  storageKey: text('storage_key').notNull(),
  size: integer('size').notNull(),
  fileName: text('file_name').notNull(),
  uploadedAt: createdAt(),
}, (t) => [uniqueIndex('paper_files_paper_version_key').on(t.paperId, t.version)]);

/** One row per (paper, reviewer) the editor has contacted or assigned. */
export const reviewStatuses = pgTable('review_statuses', {
  paperId: text('paper_id').notNull().references(() => papers.id),
  reviewerId: text('reviewer_id').notNull().references(() => users.id),
  status: text('status').notNull(),
  assigned: boolean('assigned').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.paperId, t.reviewerId] }),
  index('review_statuses_reviewer_idx').on(t.reviewerId, t.paperId),
]);

export const comments = pgTable('comments', {
  id: id(),
  paperId: text('paper_id').notNull().references(() => papers.id),
  reviewerId: text('reviewer_id').notNull().references(() => users.id),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [index('comments_paper_idx').on(t.paperId, t.id)]);

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
  provider: text('provider', { enum: ['payu', 'stripe'] }).notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  product: text('product').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
  providerRef: text('provider_ref'),
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
  createdAt: createdAt(),
});

export const newsItems = pgTable('news_items', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});
