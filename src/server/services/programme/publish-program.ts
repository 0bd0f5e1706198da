import { sql } from 'drizzle-orm';
import { zoneLabel, type ConferenceFacts } from '../../../core/conference-facts';
import { dayKey, formatTime, formatWeekdayDate } from '../../../core/format';
import { kindOf, SESSION_KIND_LABELS, type PublishedSession } from '../../../core/program';
import type { Db } from '../../db/connect';
import { programPublications } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit, type Actor } from '../shared/audit';
import { draftWarnings, loadSessions, toPublished } from './program';
import { findPublishedProgram } from './published-program';

/** What a presenter is told about their paper's slot; a change of any of these since the last publication mails them. */
interface Slot {
  paperId: string;
  paperTitle: string;
  presenter: string;
  email: string;
  session: string;
  start: string;
  end: string;
  room: string;
  link: string;
  position: number;
}

function slotsOf(sessions: PublishedSession[]): Map<string, Slot> {
  const out = new Map<string, Slot>();
  for (const s of sessions) {
    s.papers.forEach((p, i) =>
      out.set(p._id, {
        paperId: p._id,
        paperTitle: p.title,
        presenter: p.presenter,
        email: p.presenterEmail,
        session: s.title,
        start: new Date(s.start).toISOString(),
        end: new Date(s.end).toISOString(),
        room: s.room,
        link: s.link ?? '',
        position: i + 1,
      }),
    );
  }
  return out;
}

const sameSlot = (a: Slot, b: Slot) =>
  a.email.toLowerCase() === b.email.toLowerCase() &&
  a.session === b.session &&
  a.start === b.start &&
  a.end === b.end &&
  a.room === b.room &&
  a.link === b.link &&
  a.position === b.position;

/** "Wednesday, 27 December 2023, 09:00–10:30 (Bangkok time, UTC+7)": in the conference's zone. */
function slotWhen(slot: Pick<Slot, 'start' | 'end'>, conference: ConferenceFacts): string {
  return `${formatWeekdayDate(slot.start, conference.timeZone)}, ${formatTime(slot.start, conference.timeZone)}–${formatTime(slot.end, conference.timeZone)} (${zoneLabel(conference)})`;
}

const slotWhere = (slot: Pick<Slot, 'room' | 'link'>) =>
  slot.room ? `${slot.room}${slot.link ? ' and online' : ''}` : slot.link ? 'online' : 'to be announced';

/**
 * The timetable's slots without papers (keynotes, breaks, the opening…) on the day of a presenter's slot, for their mail:
 * "" when there are none, else a paragraph of its own after "Where:".
 */
function daySlots(slot: Pick<Slot, 'start'>, sessions: PublishedSession[], conference: ConferenceFacts): string {
  const tz = conference.timeZone;
  const day = dayKey(slot.start, tz);
  const lines = sessions
    .filter((s) => kindOf(s) !== 'papers' && dayKey(s.start, tz) === day)
    .map(
      (s) =>
        `  ${formatTime(s.start, tz)}–${formatTime(s.end, tz)} ${SESSION_KIND_LABELS[kindOf(s)]}: ${s.title}${s.room ? ` (${s.room})` : ''}`,
    );
  return lines.length ? `\n\nAlso on that day:\n${lines.join('\n')}` : '';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Publish the editor's draft (decision 0052). A draft with warnings is refused (409, naming how many) unless the editor
 * acknowledges them. In one transaction: the snapshot (program_publications), an audit row, and a programmeSlot mail to
 * each presenter whose paper is new in the programme or whose session title, times, room, link or position changed
 * since the last publication; an unchanged re-publication mails no one.
 */
export async function publishProgram(input: {
  db: Db;
  mailer: Mailer;
  conference: ConferenceFacts;
  editor: Actor;
  acknowledgeWarnings: boolean;
  publicUrl: string;
}): Promise<{ publishedAt: string; mailed: number; message: string }> {
  const { db, mailer, conference, editor, publicUrl } = input;
  return db.transaction(async (tx) => {
    // One publication at a time: two editors publishing at once must compare against each other's snapshot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('program_publications'))`);
    const draft = await loadSessions({ db: tx });
    const warnings = await draftWarnings({ db: tx, sessions: draft, conference });
    if (warnings.length && !input.acknowledgeWarnings) {
      throw new AppError(
        'conflict',
        `The draft has ${plural(warnings.length, 'warning')}: look at ${warnings.length === 1 ? 'it' : 'them'} and publish again acknowledging ${warnings.length === 1 ? 'it' : 'them'}`,
      );
    }
    const previous = await findPublishedProgram(tx);
    const sessions = toPublished(draft);
    const [row] = await tx
      .insert(programPublications)
      .values({ sessions, publishedBy: editor.id })
      .returning({ publishedAt: programPublications.publishedAt });
    const before = slotsOf(previous?.sessions ?? []);
    const changed = [...slotsOf(sessions).values()].filter((slot) => {
      const old = before.get(slot.paperId);
      return !old || !sameSlot(old, slot);
    });
    if (changed.length) {
      await mailer.sendMany(
        changed.map((slot) => ({
          to: slot.email,
          template: 'programmeSlot' as const,
          values: {
            name: slot.presenter,
            paperTitle: slot.paperTitle,
            paperId: slot.paperId,
            session: slot.session,
            position: String(slot.position),
            when: slotWhen(slot, conference),
            where: slotWhere(slot),
            daySlots: daySlots(slot, sessions, conference),
            programUrl: `${publicUrl}/program`,
          },
        })),
        tx,
      );
    }
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'program.publish',
      ip: editor.ip,
      details: { sessions: sessions.length, warnings: warnings.length, mailed: changed.length, papers: changed.map((s) => s.paperId) },
    });
    const mailed =
      changed.length === 0
        ? 'no presenter\u2019s slot changed, nobody was mailed'
        : mailer.configured
          ? `${plural(changed.length, 'presenter')} mailed with their slot (queued)`
          : `mail is not configured: the ${plural(changed.length, 'mail')} to presenters ${changed.length === 1 ? 'is' : 'are'} kept in the outbox, nothing was sent`;
    return {
      publishedAt: row!.publishedAt.toISOString(),
      mailed: changed.length,
      message: `Programme published: ${plural(sessions.length, 'session')}; ${mailed}`,
    };
  });
}
