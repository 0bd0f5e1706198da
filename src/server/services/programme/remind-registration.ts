import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { papers } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { findAcceptedPapers, findPaperAuthors, findRegisteredPaperIds } from '../registrations/paper-registration';

/** Accepted papers with their submitting author and whether they are registered (findRegisteredPaperIds, decision 0056). */
export async function listPaperRegistrations(db: Db) {
  const accepted = await findAcceptedPapers(db);
  const ids = accepted.map((p) => p.id);
  const [authors, registered] = await Promise.all([findPaperAuthors({ db, paperIds: ids }), findRegisteredPaperIds({ db, paperIds: ids })]);
  return accepted.map((p) => {
    const a = authors.get(p.id)?.[0];
    return { _id: p.id, title: p.title, author: a?.name ?? '', email: a?.email ?? '', registered: registered.has(p.id) };
  });
}

/** Mail the submitting author of each chosen accepted paper that is still unregistered; returns how many were queued. */
export async function remindUnregistered(input: { db: Db; mailer: Mailer; paperIds: string[]; publicUrl: string }): Promise<number> {
  const { db, mailer, publicUrl } = input;
  const wanted = new Set(input.paperIds);
  const due = (await listPaperRegistrations(db)).filter((p) => wanted.has(p._id) && !p.registered && p.email);
  if (due.length === 0) return 0;
  const titles = new Map(
    (
      await db
        .select({ id: papers.id, title: papers.title })
        .from(papers)
        .where(
          inArray(
            papers.id,
            due.map((p) => p._id),
          ),
        )
    ).map((r) => [r.id, r.title]),
  );
  for (const p of due) {
    await mailer.send({
      to: p.email,
      template: 'registrationReminder',
      values: { name: p.author, paperTitle: titles.get(p._id) ?? p.title, paperId: p._id, registrationUrl: `${publicUrl}/registration` },
    });
  }
  return due.length;
}
