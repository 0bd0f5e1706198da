// Nothing here imports ./conference: the public /program page uses this module, and sharing that one with
// every public page would split it into a chunk of its own on the home page.

/**
 * What a programme session is: 'papers', a track's session of placed papers, or one of the timetable's slots without
 * papers, which belong to no track (track '') and hold no papers.
 */
export const SESSION_KINDS = ['papers', 'keynote', 'break', 'opening', 'ceremony', 'workshop', 'social', 'other'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** How a kind is named on the programme, its calendar files and documents. */
export const SESSION_KIND_LABELS: Record<SessionKind, string> = {
  papers: 'Papers',
  keynote: 'Keynote',
  break: 'Break',
  opening: 'Opening',
  ceremony: 'Ceremony',
  workshop: 'Workshop',
  social: 'Social event',
  other: 'Other',
};

/** A published session without `kind` was published before slots without papers existed: a session of papers. */
export const kindOf = (s: { kind?: SessionKind }): SessionKind => s.kind ?? 'papers';

/** The line under a session's title: its track, or for a slot without papers, what it is. */
export const sessionLabel = (s: { kind?: SessionKind; track: string }): string =>
  kindOf(s) === 'papers' ? s.track : SESSION_KIND_LABELS[kindOf(s)];

export interface WarningSession {
  _id: string;
  title: string;
  room: string;
  start: string;
  end: string;
  chair?: string;
  papers: { _id: string; title: string; presenterEmail?: string; presenter: string }[];
}
export const PROGRAM_WARNING_KINDS = ['presenter-overlap', 'room-overlap', 'chair-overlap', 'unplaced-paper', 'outside-dates'] as const;
export interface ProgramWarning {
  kind: (typeof PROGRAM_WARNING_KINDS)[number];
  message: string;
  sessionIds: string[];
  paperId?: string;
}

function overlaps(a: WarningSession, b: WarningSession): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/**
 * What the editor must see before publishing (clashes are warnings, never refusals): a presenter in two overlapping
 * sessions, a room used twice at once, the same chair in two overlapping sessions, an accepted paper in no session, a session outside the conference dates. Pure, so the browser and
 * the server agree.
 */
export function findProgramWarnings(input: {
  sessions: WarningSession[];
  acceptedPapers: { _id: string; title: string }[];
  window: { from: Date; to: Date };
}): ProgramWarning[] {
  const { sessions, window } = input;
  const out: ProgramWarning[] = [];
  const sorted = [...sessions].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id.localeCompare(b._id));
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const b = sorted[j]!;
      if (Date.parse(b.start) >= Date.parse(a.end)) break;
      if (!overlaps(a, b)) continue;
      const roomA = a.room.trim().toLowerCase();
      if (roomA && roomA === b.room.trim().toLowerCase()) {
        out.push({
          kind: 'room-overlap',
          sessionIds: [a._id, b._id],
          message: `Room "${a.room}" is used by "${a.title}" and "${b.title}" at the same time`,
        });
      }
      const chairA = (a.chair ?? '').trim().toLowerCase();
      if (chairA && chairA === (b.chair ?? '').trim().toLowerCase()) {
        out.push({
          kind: 'chair-overlap',
          sessionIds: [a._id, b._id],
          message: `${a.chair!.trim()} chairs "${a.title}" and "${b.title}", which overlap`,
        });
      }
      const key = (p: WarningSession['papers'][number]) => (p.presenterEmail ?? p.presenter).trim().toLowerCase();
      const inB = new Set(b.papers.map(key));
      const shared = [...new Set(a.papers.map(key))].filter((k) => k && inB.has(k));
      for (const k of shared) {
        const name = a.papers.find((p) => key(p) === k)!.presenter;
        out.push({
          kind: 'presenter-overlap',
          sessionIds: [a._id, b._id],
          message: `${name} presents in "${a.title}" and "${b.title}", which overlap`,
        });
      }
    }
  }
  for (const s of sorted) {
    if (Date.parse(s.start) < window.from.getTime() || Date.parse(s.end) > window.to.getTime()) {
      out.push({ kind: 'outside-dates', sessionIds: [s._id], message: `"${s.title}" is outside the conference dates` });
    }
  }
  const placed = new Set(sessions.flatMap((s) => s.papers.map((p) => p._id)));
  for (const p of input.acceptedPapers) {
    if (!placed.has(p._id))
      out.push({ kind: 'unplaced-paper', sessionIds: [], paperId: p._id, message: `Accepted paper "${p.title}" is in no session` });
  }
  return out;
}

/** A session as published (decision 0052): the snapshot kept in program_publications, presenters' e-mails and the link included. */
export interface PublishedSession {
  _id: string;
  title: string;
  /** Missing in snapshots published before slots without papers: 'papers' (kindOf). */
  kind?: SessionKind;
  track: string;
  room: string;
  link: string;
  start: string;
  end: string;
  chair: string;
  papers: { _id: string; title: string; presenter: string; presenterEmail: string }[];
}
