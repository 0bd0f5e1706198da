/**
 * The conference's phase from the editor's dates (decision 0035): pure, so the server decides
 * it with its own clock and the tests give any instant.
 *
 * Each phase ends at its date (the deadline itself still belongs to it, as the server's deadline checks read
 * it) and starts where the phase before it ended; a phase whose date is not set is left out. The author
 * response runs to `responseCloses` and opens at `responseOpens`: the time before it opens counts as the
 * response phase not yet open (a date for authors to wait for, not a phase of its own). After the last date
 * the conference is 'closed'; with no date set at all, submission is open without an end.
 */

export const PHASES = ['submission', 'bidding', 'reviewing', 'response', 'discussion', 'decisions', 'camera-ready', 'closed'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_LABELS: Record<Phase, string> = {
  submission: 'Submission',
  bidding: 'Bidding',
  reviewing: 'Reviewing',
  response: 'Author response',
  discussion: 'Discussion',
  decisions: 'Decisions',
  'camera-ready': 'Camera-ready',
  closed: 'Closed',
};

/** The dates the phases are computed from (the editor's settings, ISO instants or null). */
export interface PhaseDates {
  submissionDeadline: string | null;
  biddingDeadline: string | null;
  reviewDeadline: string | null;
  responseOpens: string | null;
  responseCloses: string | null;
  discussionDeadline: string | null;
  notificationDate: string | null;
  cameraReadyDeadline: string | null;
}

/** The date each phase ends at, in the phases' order ('closed' has none). */
const ENDS: ReadonlyArray<[Exclude<Phase, 'closed'>, keyof PhaseDates]> = [
  ['submission', 'submissionDeadline'],
  ['bidding', 'biddingDeadline'],
  ['reviewing', 'reviewDeadline'],
  ['response', 'responseCloses'],
  ['discussion', 'discussionDeadline'],
  ['decisions', 'notificationDate'],
  ['camera-ready', 'cameraReadyDeadline'],
];

export interface TimelineStep {
  phase: Phase;
  label: string;
  startsAt: string | null;
  endsAt: string | null;
}
export interface PhaseState {
  phase: Phase;
  label: string;
  /** When the current phase ends (null: it does not). */
  until: string | null;
  /** The phase after the current one, null when none follows. */
  next: Phase | null;
  timeline: TimelineStep[];
  /** The instant the phase was computed for. */
  now: string;
}

const iso = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

/** The phases of these dates, each with its start and end, in order, 'closed' last. */
export function phaseTimeline(dates: PhaseDates): TimelineStep[] {
  const steps: TimelineStep[] = [];
  let start: string | null = null;
  for (const [phase, key] of ENDS) {
    const end = iso(dates[key]);
    if (!end) continue;
    // The response opens at its own date when set (the wait before it is still shown as this phase).
    const startsAt = phase === 'response' ? (iso(dates.responseOpens) ?? start) : start;
    steps.push({ phase, label: PHASE_LABELS[phase], startsAt, endsAt: end });
    start = end;
  }
  if (steps.length === 0) return [{ phase: 'submission', label: PHASE_LABELS.submission, startsAt: null, endsAt: null }];
  steps.push({ phase: 'closed', label: PHASE_LABELS.closed, startsAt: start, endsAt: null });
  return steps;
}

/** The phase at `now`: the first whose end is not yet past. */
export function currentPhase(dates: PhaseDates, now: Date): PhaseState {
  const timeline = phaseTimeline(dates);
  const t = now.getTime();
  const index = timeline.findIndex((s) => s.endsAt === null || t <= Date.parse(s.endsAt));
  const current = timeline[index]!;
  return {
    phase: current.phase,
    label: current.label,
    until: current.endsAt,
    next: timeline[index + 1]?.phase ?? null,
    timeline,
    now: now.toISOString(),
  };
}

export type PhaseRole = 'Author' | 'Reviewer' | 'Editor' | 'Chair';

/**
 * What `role` can do now and until when, in one sentence. `format` writes an instant as the screens write dates
 * (the login area's shared formatter), so the words live here and the date style in one place.
 */
export function phaseSentence(
  state: Pick<PhaseState, 'phase' | 'until' | 'timeline' | 'now'>,
  role: PhaseRole,
  format: (iso: string) => string,
): string {
  const until = state.until ? format(state.until) : null;
  const by = (text: string, word = 'until') => (until ? `${text} ${word} ${until}.` : `${text}.`);
  const opens = state.timeline.find((s) => s.phase === 'response')?.startsAt ?? null;
  // Before the response opens: say when it will.
  const window = opens && Date.parse(state.now) < Date.parse(opens) ? ` from ${format(opens)}` : '';
  const committee = role === 'Editor' || role === 'Chair';
  switch (state.phase) {
    case 'submission':
      if (role === 'Author') return by('You can submit papers');
      if (role === 'Reviewer') return by('Papers are being submitted', 'until') + ' Papers to review are sent after that.';
      return by('Authors can submit papers');
    case 'bidding':
      if (role === 'Author') return by('Submissions are closed; reviewers choose the papers they would like to review', 'until');
      if (role === 'Reviewer') return by('You can bid on papers');
      return by('Reviewers can bid on papers');
    case 'reviewing':
      if (role === 'Author') return by('Your papers are being reviewed', 'until');
      if (role === 'Reviewer') return by('Reviews are due', 'by');
      return by('Reviewers can save their reviews');
    case 'response':
      if (role === 'Author') return by(`You can respond to the reviews${window}`);
      if (role === 'Reviewer')
        return by(`Authors can respond to the reviews${window}`) + ' You may update your review after reading a response.';
      return by(`Authors can respond to the reviews${window}`);
    case 'discussion':
      if (role === 'Author') return by('The committee is discussing the papers', 'until');
      if (role === 'Reviewer') return by('You can discuss your papers with the other reviewers');
      return by('Reviewers and chairs can discuss the papers');
    case 'decisions':
      if (committee) return by('Decide on the papers and notify the authors', 'by');
      return by('Decisions are sent to the authors', 'by');
    case 'camera-ready':
      if (role === 'Author') return by('You can upload the final version of an accepted paper');
      return by('Authors of accepted papers can upload their final versions');
    case 'closed':
      return committee ? 'All the dates of the review cycle have passed.' : 'The review cycle is over.';
  }
}
