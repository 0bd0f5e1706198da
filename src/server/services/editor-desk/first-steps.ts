import { sql } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts, type DeadlineKey } from '../../../core/conference-facts';
import { DEADLINE_LABELS, storedConferenceFacts } from '../../../core/important-dates';
import type { FirstStepJson, FirstStepsJson } from '../../../core/schemas/first-steps';
import { SETTINGS_FIELDS } from '../../../core/schemas/settings';
import type { Db } from '../../db/connect';
import { isProceedingsPublished } from '../proceedings/paper-page';

/** The facts a new install ships as samples, each with how the detail names it (the name and edition are IMSE's own). */
const SAMPLE_FACTS: Array<[string, (f: ConferenceFacts) => unknown]> = [
  ['the dates', (f) => [f.startDate, f.endDate, f.datesText, f.submissionsDatesText]],
  ['the venue', (f) => f.venue],
  ['the contact e-mail', (f) => f.contactEmail],
  ['the phone', (f) => f.contactPhone],
  ['the important dates', (f) => f.importantDates],
];
/** The dates the phases need; the optional phases (bidding, author response, discussion) are only named. */
const NEEDED_DATES = ['submissionDeadline', 'reviewDeadline', 'notificationDate', 'cameraReadyDeadline'] as const;
const OPTIONAL_DATES = ['biddingDeadline', 'responseOpens', 'responseCloses', 'discussionDeadline'] as const;
type DateKey = (typeof NEEDED_DATES)[number] | (typeof OPTIONAL_DATES)[number];

interface Counts {
  conference: ConferenceFacts | null;
  dates: Record<DateKey, boolean>;
  openTracks: number;
  unchaired: string[];
  questions: number;
  prices: number;
  papers: number;
  unassigned: number;
  undecided: number;
  unreleased: number;
  publications: number;
  panel: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Everything the checklist reads, in one statement of scalar subqueries over the current edition's views
 * (decision 0060): each is a count on an index or a small table, so the dashboard pays one round trip.
 */
async function countWhatIsSet(db: Db): Promise<Counts> {
  const { rows } = (await db.execute(sql`
    select
      s.conference,
      s.submission_deadline is not null as "submissionDeadline", s.review_deadline is not null as "reviewDeadline",
      s.notification_date is not null as "notificationDate", s.camera_ready_deadline is not null as "cameraReadyDeadline",
      s.bidding_deadline is not null as "biddingDeadline", s.response_opens is not null as "responseOpens",
      s.response_closes is not null as "responseCloses", s.discussion_deadline is not null as "discussionDeadline",
      (select count(*)::int from tracks where open) as "openTracks",
      (select coalesce(array_agg(t.name order by t.position, t.name), '{}') from tracks t
        where t.open and not exists (select 1 from track_chairs c where c.track_id = t.id)) as "unchaired",
      (select count(*)::int from review_questions where retired_at is null) as "questions",
      (select count(*)::int from early_bird_prices) as "prices",
      (select count(*)::int from papers where withdrawn_at is null) as "papers",
      (select count(*)::int from papers p where p.withdrawn_at is null and not exists
        (select 1 from review_statuses r where r.paper_id = p.id and r.assigned and r.status <> 'Declined')) as "unassigned",
      (select count(*)::int from papers where withdrawn_at is null and decision is null) as "undecided",
      (select count(*)::int from papers where withdrawn_at is null and decision is not null
        and notified_decision is distinct from decision) as "unreleased",
      (select count(*)::int from program_publications) as "publications",
      (select count(*)::int from award_panel_members) as "panel"
    from (select 1) as one left join settings s on true
    limit 1`)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = rows[0] ?? {};
  const dates = Object.fromEntries([...NEEDED_DATES, ...OPTIONAL_DATES].map((k) => [k, row[k] === true])) as Counts['dates'];
  return {
    conference: (row.conference as ConferenceFacts | null) ?? null,
    dates,
    openTracks: Number(row.openTracks ?? 0),
    unchaired: (row.unchaired as string[] | null) ?? [],
    questions: Number(row.questions ?? 0),
    prices: Number(row.prices ?? 0),
    papers: Number(row.papers ?? 0),
    unassigned: Number(row.unassigned ?? 0),
    undecided: Number(row.undecided ?? 0),
    unreleased: Number(row.unreleased ?? 0),
    publications: Number(row.publications ?? 0),
    panel: Number(row.panel ?? 0),
  };
}

/** The settings' date each deadline an important date can follow is (decision 0065). */
const DEADLINE_DATE: Record<DeadlineKey, DateKey> = {
  submission: 'submissionDeadline',
  bidding: 'biddingDeadline',
  review: 'reviewDeadline',
  discussion: 'discussionDeadline',
  cameraReady: 'cameraReadyDeadline',
};

/**
 * Decision 0065: an important date that follows a deadline not set prints "To be announced"; important dates all of
 * their own while deadlines are set can disagree with them. Either is said after the facts step's detail.
 */
function importantDatesNote(f: ConferenceFacts, c: Counts): string {
  const unset = [...new Set(f.importantDates.flatMap((d) => ('deadline' in d && !c.dates[DEADLINE_DATE[d.deadline]] ? [d.deadline] : [])))];
  if (unset.length)
    return ` An important date follows the ${list(unset.map((k) => DEADLINE_LABELS[k].toLowerCase()))}, not set yet: the pages print “To be announced”.`;
  const allOwn = f.importantDates.length > 0 && f.importantDates.every((d) => !('deadline' in d));
  const anySet = Object.values(DEADLINE_DATE).some((k) => c.dates[k]);
  return allOwn && anySet
    ? ' The important dates are all dates of their own: make them follow the deadlines, so that they cannot disagree.'
    : '';
}

function factsStep(c: Counts): FirstStepJson {
  const facts = storedConferenceFacts(c.conference);
  const samples = SAMPLE_FACTS.filter(([, pick]) => same(pick(facts), pick(CONFERENCE_FACTS_DEFAULTS))).map(([name]) => name);
  const note = importantDatesNote(facts, c);
  return {
    key: 'facts',
    phase: 'Before submissions',
    label: 'Replace the sample conference facts',
    done: samples.length === 0,
    detail: samples.length
      ? `${capital(list(samples))} ${samples.length === 1 ? 'is' : 'are'} still the sample's: every public page prints them.${note}`
      : `The dates, venue and contacts are your own.${note}`,
    href: '/editor/conference',
  };
}

function datesStep(c: Counts): FirstStepJson {
  const missing = NEEDED_DATES.filter((k) => !c.dates[k]).map((k) => SETTINGS_FIELDS[k].label);
  const optional = OPTIONAL_DATES.filter((k) => !c.dates[k]).map((k) => SETTINGS_FIELDS[k].label.toLowerCase());
  return {
    key: 'dates',
    phase: 'Before submissions',
    label: 'Set the deadlines and phase dates',
    done: missing.length === 0,
    detail: missing.length
      ? `Not set yet: ${list(missing.map((m, i) => (i ? m.toLowerCase() : m)))}.`
      : optional.length
        ? `The deadlines are set; optional phases without a date: ${list(optional)}.`
        : 'Every deadline and phase date is set.',
    href: '/editor/settings',
  };
}

function chairsStep(c: Counts): FirstStepJson {
  const n = c.unchaired.length;
  return {
    key: 'track-chairs',
    phase: 'Before submissions',
    label: 'Name a chair for each track',
    done: c.openTracks > 0 && n === 0,
    detail:
      c.openTracks === 0
        ? 'No track is open for submissions.'
        : n
          ? `${plural(n, 'open track')} without a chair: ${list(c.unchaired)}.`
          : `Each of the ${plural(c.openTracks, 'open track')} has a chair.`,
    href: '/editor/tracks',
  };
}

function reviewFormStep(c: Counts): FirstStepJson {
  return {
    key: 'review-form',
    phase: 'Before submissions',
    label: "Write the reviewers' questions",
    done: c.questions > 0,
    detail: c.questions
      ? `${plural(c.questions, 'question')} beside the recommendation and confidence.`
      : 'Reviewers are asked only for a recommendation, a confidence and comments.',
    href: '/editor/review-form',
  };
}

function pricingStep(c: Counts): FirstStepJson {
  return {
    key: 'pricing',
    phase: 'Before submissions',
    label: 'Set the early-bird prices',
    done: c.prices > 0,
    detail: c.prices
      ? `${plural(c.prices, 'early-bird price')} set.`
      : 'No early-bird price: everyone pays the published fees until you add one.',
    href: '/editor/pricing',
  };
}

function reviewersStep(c: Counts): FirstStepJson {
  return {
    key: 'reviewers',
    phase: 'Reviewing',
    label: 'Send the papers to reviewers',
    done: c.papers > 0 && c.unassigned === 0,
    detail:
      c.papers === 0
        ? 'No papers yet: reviewers are sent papers once they arrive.'
        : c.unassigned
          ? `${c.unassigned} of the ${plural(c.papers, 'paper')} ${c.unassigned === 1 ? 'has' : 'have'} no reviewer yet.`
          : `Every one of the ${plural(c.papers, 'paper')} has a reviewer.`,
    href: '/editor/assign',
  };
}

function decisionsStep(c: Counts): FirstStepJson {
  const waiting = [
    c.undecided ? `${plural(c.undecided, 'paper')} without a decision` : '',
    c.unreleased ? `${plural(c.unreleased, 'decision')} not yet told to the authors` : '',
  ].filter(Boolean);
  return {
    key: 'decisions',
    phase: 'Decisions',
    label: 'Tell the authors the outcome',
    done: c.papers > 0 && waiting.length === 0,
    detail:
      c.papers === 0
        ? 'No papers to decide yet.'
        : waiting.length
          ? `${capital(list(waiting))}.`
          : 'Every decision has been released to its authors.',
    href: '/editor/decisions',
  };
}

function programmeStep(c: Counts): FirstStepJson {
  return {
    key: 'programme',
    phase: 'Programme & proceedings',
    label: 'Publish the sessions',
    done: c.publications > 0,
    detail: c.publications
      ? 'The programme is published; publish again after a change.'
      : 'The public programme page is empty until the sessions are published.',
    href: '/editor/program',
  };
}

function proceedingsStep(published: boolean): FirstStepJson {
  return {
    key: 'proceedings',
    phase: 'Programme & proceedings',
    label: 'Publish the proceedings',
    done: published,
    // The editor's setting on the Exports screen (decision 0066).
    detail: published
      ? "The proceedings are published: each accepted paper's page links its camera-ready PDF."
      : 'Proceedings not published: the camera-ready PDFs stay private. Hand the publisher the proceedings exports, then publish them on the Exports screen.',
    href: '/editor/exports',
  };
}

function awardsStep(c: Counts): FirstStepJson {
  return {
    key: 'awards',
    phase: 'Registration & the event',
    label: 'Name the award panel',
    done: c.panel > 0,
    detail: c.panel ? `${plural(c.panel, 'member')} on this year's panel.` : "Nobody but you is on this year's panel.",
    href: '/award-panel',
  };
}

/**
 * What this edition still lacks, in the order of its phases (docs/product.md#the-editors-first-steps): every step
 * is decided from the data, never ticked by hand, so it stays true when someone else does the work.
 */
export async function listFirstSteps({ db }: { db: Db }): Promise<FirstStepsJson> {
  const [c, published] = await Promise.all([countWhatIsSet(db), isProceedingsPublished({ db })]);
  const steps = [
    factsStep(c),
    datesStep(c),
    chairsStep(c),
    reviewFormStep(c),
    pricingStep(c),
    reviewersStep(c),
    decisionsStep(c),
    programmeStep(c),
    proceedingsStep(published),
    awardsStep(c),
  ];
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
}
