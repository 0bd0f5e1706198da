import { useId, useState } from 'react';
import { defaultFamilyFirst, hasNameParts, joinNameParts, type NameParts } from '../../core/person-name';

export const emptyNameParts = (): NameParts => ({ givenName: '', familyName: '', familyFirst: false, latinName: '' });

/** The parts worth sending: none when the person left them all empty (their name is then sent alone, as before). */
export function namePartsToSend(parts: NameParts): Partial<NameParts> {
  const latin = parts.latinName.trim();
  if (!hasNameParts(parts)) return latin ? { latinName: latin } : {};
  return { givenName: parts.givenName.trim(), familyName: parts.familyName.trim(), familyFirst: parts.familyFirst, latinName: latin };
}

/**
 * Given name, family name, "family name first" and a name in Latin letters (decision 0074), for the sign-up, the
 * profile and each co-author. "Family name first" follows what is typed (Han, Kana, Hangul) until the person
 * chooses; the line under the fields shows the name as it will be displayed.
 */
export function NamePartsFields(props: {
  value: NameParts;
  onChange: (parts: NameParts) => void;
  /** Classes of each input (the forms differ in look). */
  inputClassName: string;
  labelClassName?: string;
  legend?: string;
}) {
  const id = useId();
  const { value, onChange } = props;
  const [chose, setChose] = useState(false);
  const set = (change: Partial<NameParts>) => {
    const next = { ...value, ...change };
    if (!chose && ('givenName' in change || 'familyName' in change))
      next.familyFirst = defaultFamilyFirst(next.familyName + next.givenName);
    onChange(next);
  };
  const label = props.labelClassName ?? 'block text-sm font-medium text-slate-700';
  const shown = joinNameParts(value);

  return (
    <fieldset className="space-y-3">
      <legend className={label}>{props.legend ?? 'Your name as you write it (for citations and certificates)'}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-given`} className={label}>
            Given name
          </label>
          <input
            id={`${id}-given`}
            value={value.givenName}
            maxLength={120}
            autoComplete="off"
            className={props.inputClassName}
            onChange={(e) => set({ givenName: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-family`} className={label}>
            Family name
          </label>
          <input
            id={`${id}-family`}
            value={value.familyName}
            maxLength={120}
            autoComplete="off"
            className={props.inputClassName}
            onChange={(e) => set({ familyName: e.target.value })}
          />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value.familyFirst}
          className="h-4 w-4"
          onChange={(e) => {
            setChose(true);
            onChange({ ...value, familyFirst: e.target.checked });
          }}
        />
        Family name first (as in 王芳, Nguyễn Thị Hằng, Kovács János)
      </label>
      <div>
        <label htmlFor={`${id}-latin`} className={label}>
          Name in Latin letters <span className="font-normal">(optional, if your name is in another script)</span>
        </label>
        <input
          id={`${id}-latin`}
          value={value.latinName}
          maxLength={120}
          autoComplete="off"
          lang="en"
          className={props.inputClassName}
          onChange={(e) => set({ latinName: e.target.value })}
        />
      </div>
      {shown ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          Shown as: <span className="font-semibold">{shown}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
