import type { PaperJson } from '../../../../core/schemas/paper';
import type { UserJson } from '../../../../core/schemas/auth';
import { getTracks } from '../../../api/tracks';

/**
 * What the editor's paper lists share for tracks (decision 0023): the track filter, the track chair's mode
 * (an Editor account that chairs tracks only sees their tracks' papers) and the note on a paper the chair is
 * conflicted with.
 */
export type TrackChoice = { id: string; name: string };

/** An Editor account that chairs tracks only (the server scopes every list and refuses the editor's desk). */
export const isChair = (user: Pick<UserJson, 'chairOnly'> | null | undefined): boolean => user?.chairOnly === true;

/** The tracks the papers belong to, in the order first met (a chair's tracks are those of their papers). */
export function tracksOfPapers(papers: readonly Pick<PaperJson, 'track'>[]): TrackChoice[] {
  const seen = new Map<string, string>();
  for (const p of papers) if (p.track && !seen.has(p.track.id)) seen.set(p.track.id, p.track.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * The tracks a filter offers: every track in the call for papers' order (GET /api/tracks), or for a chair those
 * of their papers. When the tracks cannot be read, those of the papers loaded.
 */
export async function loadTrackChoices(chair: boolean, papers: readonly Pick<PaperJson, 'track'>[]): Promise<TrackChoice[]> {
  const ofPapers = tracksOfPapers(papers);
  if (chair) return ofPapers;
  try {
    return (await getTracks()).map((t) => ({ id: t.id, name: t.name }));
  } catch (err) {
    if (err instanceof Response) throw err;
    return ofPapers;
  }
}

/** A paper's place under a track filter ('' shows every track). */
export const inTrack = (paper: Pick<PaperJson, 'track'>, trackId: string) => trackId === '' || paper.track?.id === trackId;

/** The select that narrows a list to one track; nothing when there is at most one track to choose. */
export function TrackFilter({
  id,
  tracks,
  value,
  onChange,
}: {
  id: string;
  tracks: TrackChoice[];
  value: string;
  onChange: (trackId: string) => void;
}) {
  if (tracks.length < 2 && value === '') return null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Track
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-72 max-w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
      >
        <option value="">All tracks</option>
        {tracks.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A paper the track chair is conflicted with: shown, never acted on (another chair or the editor handles it). */
export const CONFLICT_NOTE = 'Conflict of interest: another chair handles this paper';
export function ChairConflictNote() {
  return <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{CONFLICT_NOTE}</p>;
}

/** "You chair: …": the chair's tracks, as far as their papers show them. */
export function ChairTracksLine({ tracks }: { tracks: TrackChoice[] }) {
  return (
    <p data-testid="chair-tracks" className="rounded-md border border-brand-100 bg-brand-50 px-4 py-2 text-brand-900">
      {tracks.length ? (
        <>
          You chair: <span className="font-semibold">{tracks.map((t) => t.name).join(', ')}</span>. You see and act on the papers of your
          tracks only.
        </>
      ) : (
        'You chair tracks of this conference: their papers appear here once submitted. A chair sees them after confirming their e-mail address (Verify email, above).'
      )}
    </p>
  );
}
