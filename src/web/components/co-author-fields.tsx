import { useId, useState } from 'react';
import { MAX_CO_AUTHORS, type CoAuthor } from '../../core/schemas/accounts';
import { CountrySelect } from './country-select';
import { hasNameParts, joinNameParts, toPersonName, type NameParts } from '../../core/person-name';
import { NamePartsFields } from './name-parts-fields';

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600';
export const emptyCoAuthor = (): CoAuthor => ({ name: '', email: '', affiliation: '', country: '', orcid: null });

/** The editable co-author list (name, e-mail, affiliation, its country, ORCID iD; up to 20) of the new-paper form and the paper page. */
export function CoAuthorFields(props: { value: CoAuthor[]; onChange: (list: CoAuthor[]) => void; disabled?: boolean }) {
  const id = useId();
  const { value, onChange } = props;
  const set = (i: number, change: Partial<CoAuthor>) => onChange(value.map((c, j) => (j === i ? { ...c, ...change } : c)));
  /** Decision 0074: parts given make the name (the server makes it from them again). */
  const setParts = (i: number, parts: NameParts) => set(i, { ...parts, ...(hasNameParts(parts) ? { name: joinNameParts(parts) } : {}) });
  /** The order is the paper's author order (docs/product.md#assignments-declines-and-withdrawals): swap a co-author with the one above or below. */
  const move = (i: number, to: number) => {
    const next = [...value];
    [next[i], next[to]] = [next[to]!, next[i]!];
    onChange(next);
  };

  return (
    <fieldset className="space-y-3" disabled={props.disabled}>
      <legend className="text-sm font-medium text-slate-700">
        Co-authors <span className="font-normal text-slate-600">(optional, up to {MAX_CO_AUTHORS})</span>
      </legend>
      {value.length === 0 ? <p className="text-sm text-slate-600">No co-authors listed.</p> : null}
      <ol className="space-y-3">
        {value.map((c, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm font-semibold text-slate-800" id={`${id}-${i}-heading`}>
              Co-author {i + 1}
            </p>
            <div className="mt-1 grid gap-2 sm:grid-cols-3">
              <div>
                <label htmlFor={`${id}-${i}-name`} className="block text-sm text-slate-700">
                  Name
                </label>
                <input
                  id={`${id}-${i}-name`}
                  value={c.name}
                  required
                  maxLength={120}
                  autoComplete="off"
                  className={input}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${i}-email`} className="block text-sm text-slate-700">
                  Email
                </label>
                <input
                  id={`${id}-${i}-email`}
                  type="email"
                  value={c.email}
                  required
                  maxLength={254}
                  autoComplete="off"
                  className={input}
                  onChange={(e) => set(i, { email: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${i}-affiliation`} className="block text-sm text-slate-700">
                  Affiliation
                </label>
                <input
                  id={`${id}-${i}-affiliation`}
                  value={c.affiliation}
                  maxLength={200}
                  autoComplete="off"
                  className={input}
                  onChange={(e) => set(i, { affiliation: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${i}-country`} className="block text-sm text-slate-700">
                  Country
                </label>
                <CountrySelect id={`${id}-${i}-country`} value={c.country} className={input} onChange={(country) => set(i, { country })} />
              </div>
              <div>
                <label htmlFor={`${id}-${i}-orcid`} className="block text-sm text-slate-700">
                  ORCID iD <span className="text-slate-600">(optional)</span>
                </label>
                <input
                  id={`${id}-${i}-orcid`}
                  value={c.orcid ?? ''}
                  maxLength={60}
                  autoComplete="off"
                  placeholder="0000-0002-1825-0097"
                  className={input}
                  onChange={(e) => set(i, { orcid: e.target.value })}
                />
              </div>
            </div>
            <CoAuthorNameParts coAuthor={c} headingId={`${id}-${i}-heading`} onChange={(parts) => setParts(i, parts)} />
            <div className="mt-2 flex flex-wrap gap-4">
              {i > 0 ? (
                <button
                  type="button"
                  aria-describedby={`${id}-${i}-heading`}
                  onClick={() => move(i, i - 1)}
                  className="text-sm font-semibold text-brand-700 underline"
                >
                  Move up
                </button>
              ) : null}
              {i < value.length - 1 ? (
                <button
                  type="button"
                  aria-describedby={`${id}-${i}-heading`}
                  onClick={() => move(i, i + 1)}
                  className="text-sm font-semibold text-brand-700 underline"
                >
                  Move down
                </button>
              ) : null}
              <button
                type="button"
                aria-describedby={`${id}-${i}-heading`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                className="text-sm font-semibold text-red-700 underline"
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={value.length >= MAX_CO_AUTHORS}
        onClick={() => onChange([...value, emptyCoAuthor()])}
        className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      >
        + Add co-author
      </button>
    </fieldset>
  );
}

/**
 * A co-author's name parts (decision 0074), folded away until asked for (or shown when they were given); the fields
 * exist only while open, so a closed row has one control named "Name".
 */
function CoAuthorNameParts(props: { coAuthor: CoAuthor; headingId: string; onChange: (parts: NameParts) => void }) {
  const parts = toPersonName(props.coAuthor);
  const [open, setOpen] = useState(() => hasNameParts(parts) || parts.latinName !== '');
  return (
    <details className="mt-2" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700" aria-describedby={props.headingId}>
        Name parts (optional)
      </summary>
      {open ? (
        <div className="mt-2">
          <NamePartsFields
            value={parts}
            onChange={props.onChange}
            inputClassName={input}
            legend="The co-author's name as they write it (for citations)"
          />
        </div>
      ) : null}
    </details>
  );
}
