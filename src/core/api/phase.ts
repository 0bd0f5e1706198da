import { z } from '../zod';
import { PHASES } from '../conference-phase';
import { endpoints } from './endpoint';

const PhaseName = z.enum(PHASES);
/** The conference's phase as the server's clock reads it (decision 0035, src/core/conference-phase.ts). */
export const PhaseJson = z.object({
  phase: PhaseName,
  label: z.string(),
  /** When the current phase ends; null when it does not. */
  until: z.string().nullable(),
  next: PhaseName.nullable(),
  timeline: z.array(z.object({ phase: PhaseName, label: z.string(), startsAt: z.string().nullable(), endsAt: z.string().nullable() })),
  /** The server's time the phase was computed at. */
  now: z.string(),
});
export type PhaseJson = z.infer<typeof PhaseJson>;

export const PHASE = endpoints('review', {
  getPhase: {
    method: 'GET',
    path: '/phase',
    summary: "The conference's phase now, when it ends, and the timeline of the phases from the dates set",
    description: "Every signed-in role. Phases whose dates are not set are left out; the server's clock decides (docs/decisions/0035).",
    response: PhaseJson,
  },
});
