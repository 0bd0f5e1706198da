import type { PhaseJson } from '../../../core/api/phase';
import { currentPhase } from '../../../core/conference-phase';
import type { Db } from '../../db/connect';
import { getSettings } from '../shared/settings';

/** The conference's phase now, from the saved deadlines (the rule is core/conference-phase.ts; the server's clock decides). */
export async function findPhase(opts: { db: Db; now?: Date }): Promise<PhaseJson> {
  return currentPhase(await getSettings({ db: opts.db }), opts.now ?? new Date());
}
