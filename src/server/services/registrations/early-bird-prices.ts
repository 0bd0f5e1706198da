import { and, asc, eq, gt } from 'drizzle-orm';
import { formatMoney } from '../../../core/format';
import { newId } from '../../../core/ids';
import { categoryLabel, inCurrency } from '../../../core/registration';
import type { EarlyBirdJson } from '../../../core/schemas/registration';
import type { Db } from '../../db/connect';
import { earlyBirdPrices } from '../../db/schema';
import { AppError } from '../../errors';
import { sqlState } from '../../errors';
import { recordAudit } from '../shared/audit';
import { findRegistrationCategory } from '../workshops/workshop-courses';

type Reader = Pick<Db, 'select'>;

/**
 * The early-bird window open for a category at `now`: of the windows whose end is still ahead, the one that
 * ends first (decision 0043). A window is open while now < until.
 */
export async function findOpenEarlyBird({
  db,
  category,
  now,
}: {
  db: Reader;
  category: string;
  now: Date;
}): Promise<{ usdMinor: number; until: Date } | null> {
  const [row] = await db
    .select({ usdMinor: earlyBirdPrices.usdMinor, until: earlyBirdPrices.until })
    .from(earlyBirdPrices)
    .where(and(eq(earlyBirdPrices.category, category), gt(earlyBirdPrices.until, now)))
    .orderBy(asc(earlyBirdPrices.until))
    .limit(1);
  return row ?? null;
}

/** Every category's open window at `now`, keyed by category. */
export async function findOpenEarlyBirds({ db, now }: { db: Reader; now: Date }): Promise<Map<string, { usdMinor: number; until: Date }>> {
  const rows = await db.select().from(earlyBirdPrices).where(gt(earlyBirdPrices.until, now)).orderBy(asc(earlyBirdPrices.until));
  const out = new Map<string, { usdMinor: number; until: Date }>();
  for (const r of rows) if (!out.has(r.category)) out.set(r.category, { usdMinor: r.usdMinor, until: r.until });
  return out;
}

const json = (r: typeof earlyBirdPrices.$inferSelect, now: Date): EarlyBirdJson => ({
  id: r.id,
  category: r.category,
  categoryLabel: categoryLabel(r.category),
  usdMinor: r.usdMinor,
  inrMinor: inCurrency(r.usdMinor, 'INR'),
  until: r.until.toISOString(),
  open: r.until.getTime() > now.getTime(),
});

export async function listEarlyBirdPrices({ db, now = new Date() }: { db: Db; now?: Date }): Promise<{ earlyBirdPrices: EarlyBirdJson[] }> {
  const rows = await db.select().from(earlyBirdPrices).orderBy(asc(earlyBirdPrices.category), asc(earlyBirdPrices.until));
  return { earlyBirdPrices: rows.map((r) => json(r, now)) };
}

export async function createEarlyBirdPrice(input: {
  db: Db;
  category: string;
  usdMinor: number;
  until: string;
  actor: { id: string; role: string; ip: string };
}): Promise<EarlyBirdJson> {
  const { db } = input;
  const category = await findRegistrationCategory(db, input.category);
  if (!category) throw new AppError('bad_request', 'Choose a registration category from the fee table');
  if (input.usdMinor >= category.usdMinor) {
    throw new AppError('bad_request', `An early-bird price must be below the list price (${formatMoney(category.usdMinor, 'USD')}).`);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(earlyBirdPrices)
        .values({ id: newId(), category: category.key, usdMinor: input.usdMinor, until: new Date(input.until) })
        .returning();
      await recordAudit(tx, {
        actorId: input.actor.id,
        actorRole: input.actor.role,
        ip: input.actor.ip,
        action: 'pricing.early-bird.create',
        details: { category: category.key, usdMinor: input.usdMinor, until: input.until },
      });
      return json(row!, new Date());
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw new AppError('conflict', 'This category already has an early-bird price ending at that time.');
    throw err;
  }
}

export async function deleteEarlyBirdPrice(input: { db: Db; id: string; actor: { id: string; role: string; ip: string } }): Promise<void> {
  await input.db.transaction(async (tx) => {
    const [row] = await tx.delete(earlyBirdPrices).where(eq(earlyBirdPrices.id, input.id)).returning();
    if (!row) throw new AppError('not_found', 'No early-bird price has this id');
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'pricing.early-bird.delete',
      details: { category: row.category, usdMinor: row.usdMinor },
    });
  });
}
