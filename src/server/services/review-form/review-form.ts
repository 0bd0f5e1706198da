import { eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { checkOptions, type CreateQuestionBody, type QuestionJson, type UpdateQuestionBody } from '../../../core/review-form';
import type { Db } from '../../db/connect';
import { reviewQuestions, reviews } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { listQuestions, toQuestionJson } from '../submissions/review-summaries';

/** A form longer than this is no longer a review form. */
export const MAX_QUESTIONS = 50;
export const QUESTION_NOT_FOUND = 'Question not found';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The questions a reviewer answers now, in order (decision 0031). */
export const listCurrentQuestions = ({ db }: { db: Db }): Promise<QuestionJson[]> => listQuestions({ db, retired: false });
/** Every question, the retired ones after the current ones: the editor's list. */
export const listAllQuestions = ({ db }: { db: Db }): Promise<QuestionJson[]> => listQuestions({ db, retired: true });

/** Positions 1…n for the current questions in the order given (retired ones keep theirs). */
async function renumber(tx: Tx, ids: string[]): Promise<void> {
  for (const [i, id] of ids.entries())
    await tx
      .update(reviewQuestions)
      .set({ position: i + 1 })
      .where(eq(reviewQuestions.id, id));
}

/** Lock the form (every question row) for one change at a time; the current questions' ids in order. */
async function lockForm(tx: Tx): Promise<Array<typeof reviewQuestions.$inferSelect>> {
  return tx
    .select()
    .from(reviewQuestions)
    .orderBy(sql`${reviewQuestions.retiredAt} is not null`, reviewQuestions.position, reviewQuestions.createdAt)
    .for('update');
}

export async function createQuestion(opts: {
  db: Db;
  body: CreateQuestionBody & { description: string; options: string[]; required: boolean };
  editor: Actor;
}): Promise<QuestionJson> {
  const { db, body } = opts;
  return db.transaction(async (tx) => {
    const all = await lockForm(tx);
    const current = all.filter((q) => q.retiredAt === null);
    if (current.length >= MAX_QUESTIONS)
      throw new AppError('conflict', `The form has at most ${MAX_QUESTIONS} questions: retire one first`);
    const [row] = await tx
      .insert(reviewQuestions)
      .values({
        id: newId(),
        position: current.length + 1,
        kind: body.kind,
        label: body.label,
        description: body.description,
        options: body.kind === 'text' ? [] : body.options,
        visibility: body.visibility,
        required: body.required,
      })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'review-form.create',
      ip: opts.editor.ip,
      details: {
        questionId: row!.id,
        kind: body.kind,
        label: body.label,
        visibility: body.visibility,
        required: body.required,
        options: row!.options,
      },
    });
    return toQuestionJson(row!);
  });
}

/**
 * Edit, reorder, retire or restore a question. A question is never deleted and never changes kind, and a
 * score scale never shrinks below an answer already given (409): every saved answer stays readable.
 */
export async function updateQuestion(opts: { db: Db; questionId: string; body: UpdateQuestionBody; editor: Actor }): Promise<QuestionJson> {
  const { db, questionId, body } = opts;
  return db.transaction(async (tx) => {
    const all = await lockForm(tx);
    const question = all.find((q) => q.id === questionId);
    if (!question) throw new AppError('not_found', QUESTION_NOT_FOUND);
    const set: Partial<typeof reviewQuestions.$inferInsert> = { updatedAt: new Date() };
    if (body.label !== undefined) set.label = body.label;
    if (body.description !== undefined) set.description = body.description;
    if (body.visibility !== undefined) set.visibility = body.visibility;
    if (body.required !== undefined) set.required = body.required;
    if (body.options !== undefined) {
      const problem = checkOptions(question.kind, body.options);
      if (problem) throw new AppError('bad_request', problem);
      if (question.kind === 'score' && body.options.length < question.options.length) {
        const [top] = await tx
          .select({ max: sql<number | null>`max((${reviews.answers}->>${questionId})::int)` })
          .from(reviews)
          .where(sql`${reviews.answers} ? ${questionId}`);
        if (top?.max && top.max > body.options.length) {
          throw new AppError('conflict', `${question.label} has answers up to ${top.max}: its scale needs at least ${top.max} labels`);
        }
      }
      set.options = body.options;
    }
    let order = all.filter((q) => q.retiredAt === null).map((q) => q.id);
    const wasRetired = question.retiredAt !== null;
    if (body.retired === true && !wasRetired) {
      set.retiredAt = new Date();
      order = order.filter((id) => id !== questionId);
    } else if (body.retired === false && wasRetired) {
      if (order.length >= MAX_QUESTIONS)
        throw new AppError('conflict', `The form has at most ${MAX_QUESTIONS} questions: retire one first`);
      set.retiredAt = null;
      order.push(questionId);
    }
    const onForm = order.includes(questionId);
    if ((body.move || body.position !== undefined) && !onForm)
      throw new AppError('conflict', 'A retired question has no place on the form: restore it first');
    if (body.move || body.position !== undefined) {
      const from = order.indexOf(questionId);
      const to =
        body.position !== undefined
          ? Math.min(body.position, order.length) - 1
          : Math.max(0, Math.min(order.length - 1, from + (body.move === 'up' ? -1 : 1)));
      order.splice(from, 1);
      order.splice(to, 0, questionId);
    }
    await tx.update(reviewQuestions).set(set).where(eq(reviewQuestions.id, questionId));
    await renumber(tx, order);
    const [row] = await tx.select().from(reviewQuestions).where(eq(reviewQuestions.id, questionId));
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'review-form.update',
      ip: opts.editor.ip,
      details: { questionId, label: row!.label, ...body },
    });
    return toQuestionJson(row!);
  });
}
