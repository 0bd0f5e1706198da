// Nothing here imports ./conference: the public /program page uses this module, and sharing that one with
// every public page would split it into a chunk of its own on the home page.

/** The four tracks of the call for papers, by title (docs/product.md#public-pages). */
export const PROGRAM_TRACKS = [
  'Science and Materials',
  'Computer Science and Applications',
  'Electrical and Electronics Engineering',
  'Management and Social Science',
] as const;
export type ProgramTrack = (typeof PROGRAM_TRACKS)[number];

export interface WarningSession {
  _id: string;
  title: string;
  room: string;
  start: string;
  end: string;
  papers: { _id: string; title: string; presenterEmail?: string; presenter: string }[];
}
export interface ProgramWarning {
  kind: 'presenter-overlap' | 'room-overlap' | 'unplaced-paper' | 'outside-dates';
  message: string;
  sessionIds: string[];
  paperId?: string;
}

function overlaps(a: WarningSession, b: WarningSession): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/**
 * What the editor must see before publishing: a presenter in two overlapping sessions, a room used twice at
 * once, an accepted paper in no session, a session outside the conference dates. Pure, so the browser and
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
  track: string;
  room: string;
  link: string;
  start: string;
  end: string;
  chair: string;
  papers: { _id: string; title: string; presenter: string; presenterEmail: string }[];
}
