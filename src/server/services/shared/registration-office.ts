import { eq } from 'drizzle-orm';
import { conferenceWindowOf, type ConferenceFacts } from '../../../core/conference-facts';
import { storedConferenceFacts } from '../../../core/important-dates';
import type { RegistrationOfficeBody, RegistrationOfficeJson } from '../../../core/schemas/registration-office';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';
import { recordAudit } from './audit';

/** The organiser's registration office settings (decision 0077), the defaults until saved. */
export interface RegistrationOffice {
  seatHoldMinutes: number;
  badgePickupOpen: boolean;
  facts: ConferenceFacts;
}

/** The settings row's office columns and the conference facts, read from the database (never a cached copy). */
export async function readRegistrationOffice(db: Pick<Db, 'select'>): Promise<RegistrationOffice> {
  const [row] = await db
    .select({ seatHoldMinutes: settings.seatHoldMinutes, badgePickupOpen: settings.badgePickupOpen, conference: settings.conference })
    .from(settings)
    .where(eq(settings.id, 1));
  return {
    seatHoldMinutes: row?.seatHoldMinutes ?? 60,
    badgePickupOpen: row?.badgePickupOpen ?? false,
    facts: storedConferenceFacts(row?.conference),
  };
}

/** The instant the conference's first day starts in its own time zone: attendance counts from then (decision 0077). */
export const attendanceOpensAt = (facts: Pick<ConferenceFacts, 'startDate' | 'endDate' | 'timeZone'>): Date =>
  conferenceWindowOf(facts).from;

export const conferenceHasStarted = (facts: Pick<ConferenceFacts, 'startDate' | 'endDate' | 'timeZone'>, now: Date): boolean =>
  now.getTime() >= attendanceOpensAt(facts).getTime();

export function toRegistrationOfficeJson(office: RegistrationOffice, now: Date): RegistrationOfficeJson {
  return {
    seatHoldMinutes: office.seatHoldMinutes,
    badgePickupOpen: office.badgePickupOpen,
    firstDay: office.facts.startDate,
    timeZone: office.facts.timeZone,
    attendanceOpensAt: attendanceOpensAt(office.facts).toISOString(),
    conferenceStarted: conferenceHasStarted(office.facts, now),
  };
}

export async function getRegistrationOffice({ db, now = new Date() }: { db: Db; now?: Date }): Promise<RegistrationOfficeJson> {
  return toRegistrationOfficeJson(await readRegistrationOffice(db), now);
}

/** The organiser changes the hold time or opens/closes badge pick-up, audited in the same transaction. */
export async function updateRegistrationOffice(input: {
  db: Db;
  change: RegistrationOfficeBody;
  actor: { id: string; role: string; ip: string };
}): Promise<RegistrationOfficeJson> {
  await input.db.transaction(async (tx) => {
    const before = await readRegistrationOffice(tx);
    const set = {
      seatHoldMinutes: input.change.seatHoldMinutes ?? before.seatHoldMinutes,
      badgePickupOpen: input.change.badgePickupOpen ?? before.badgePickupOpen,
    };
    await tx
      .insert(settings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { ...set, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'registration-office.update',
      details: set,
    });
  });
  return getRegistrationOffice({ db: input.db });
}
