import type { TrackJson } from '../../../core/schemas/tracks';
import { Field } from '../../components/ui/field';

/**
 * The paper's tags as toggle buttons (aria-pressed): the topics of its track (decision 0023; the computing track's
 * are the 50 tags). Without a track chosen yet, it says to choose one.
 */
export function TagButtons({
  topics,
  value,
  onChange,
}: {
  topics: readonly string[] | null;
  value: string[];
  onChange: (tags: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-700">
        Tags <span className="font-normal text-slate-600">(optional: {value.length} chosen)</span>
      </legend>
      {topics === null ? (
        <p className="mt-2 text-sm text-slate-600">Choose a track to see its topics.</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {topics.map((tag) => {
            const on = value.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={on}
                onClick={() => onChange(on ? value.filter((t) => t !== tag) : [...value, tag])}
                className={`rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'}`}
              >
                {tag}
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** The track of a paper: the open tracks, and the paper's own when it is closed (it may stay where it is). */
export function TrackSelect({
  tracks,
  value,
  onChange,
  current,
  id = 'track',
}: {
  tracks: TrackJson[];
  value: string;
  onChange: (trackId: string) => void;
  current?: string;
  id?: string;
}) {
  const offered = tracks.filter((t) => t.open || t.id === current);
  const chosen = offered.find((t) => t.id === value);
  return (
    <Field id={id} label="Track" hint={chosen?.description || 'Each track has its own list of topics.'}>
      {(control) => (
        <select {...control} name="track" required value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="" disabled>
            Choose a track
          </option>
          {offered.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.open ? '' : ' (closed)'}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Keep the chosen tags that the new track lists too (a track change drops the others). */
export const topicsIn = (track: TrackJson | undefined, chosen: string[]): string[] =>
  track ? chosen.filter((t) => track.topics.includes(t)) : chosen;

/** The author's own keywords beside the topics (decision 0023): one line, separated by commas, up to 10. */
export const splitKeywords = (text: string): string[] =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export function FreeKeywordsField({
  value,
  onChange,
  id = 'free-keywords',
}: {
  value: string;
  onChange: (text: string) => void;
  id?: string;
}) {
  return (
    <Field
      id={id}
      name="freeKeywords"
      label="Your own keywords"
      value={value}
      maxLength={700}
      autoComplete="off"
      hint="Optional: up to 10, separated by commas (for example: sodium-ion, grid storage)."
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
