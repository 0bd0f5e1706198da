import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { TAGS } from '../../core/tags';
import { inputClass } from './ui/field';

/** Tags offered under a heading (a track's topics, decision 0023). */
export interface TagGroup {
  label: string;
  tags: readonly string[];
}

interface TagMultiSelectProps {
  value: string[];
  onChange: (tags: string[]) => void;
  label: string;
  /** The tags on offer (default: the 50 tags). */
  tags?: readonly string[];
  /** The tags on offer under headings (a reviewer's topics from every track); takes the place of `tags`. */
  groups?: readonly TagGroup[];
  /** Offer only tags not chosen yet (a filter), instead of toggling chosen ones off in the list. */
  hideChosen?: boolean;
  /** The accessible name of the chips' list. */
  chipsLabel?: string;
  placeholder?: string;
  /** A line under the box, read with it. */
  hint?: string;
}

interface Option {
  tag: string;
  group: number;
}

/**
 * A multi-select over tags: a filter box (combobox) over a listbox, arrow keys to move, Enter to pick or
 * toggle, a pick clears the typed text, chips to remove, Backspace in the empty box removes the
 * last chip. Used for a reviewer's own tags (grouped by track) and for filtering papers by tag.
 */
export function TagMultiSelect({
  value,
  onChange,
  label,
  tags = TAGS,
  groups,
  hideChosen = false,
  chipsLabel = 'Selected tags',
  placeholder = 'Type to filter tags',
  hint,
}: TagMultiSelectProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const sections = useMemo<readonly TagGroup[]>(() => groups ?? [{ label: '', tags }], [groups, tags]);
  // The options shown, in order, each with its group: the keyboard moves over them as one list.
  const options = useMemo(() => {
    const q = query.trim().toLowerCase();
    return sections.flatMap((g, group) =>
      g.tags.filter((t) => !(hideChosen && value.includes(t)) && t.toLowerCase().includes(q)).map((tag): Option => ({ tag, group })),
    );
  }, [sections, hideChosen, value, query]);
  const toggle = (tag: string) => {
    onChange(value.includes(tag) ? value.filter((t) => t !== tag) : [...value, tag]);
    setQuery('');
    setActive(0);
  };

  // A long list (every track's topics): the option moved to with the keys stays in sight.
  useEffect(() => {
    if (open) listRef.current?.querySelector(`#${CSS.escape(`${id}-opt-${active}`)}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      toggle(options[active].tag);
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'Backspace' && query === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const renderOption = ({ tag }: Option, i: number) => {
    const selected = value.includes(tag);
    return (
      <div
        key={`${i}-${tag}`}
        id={`${id}-opt-${i}`}
        role="option"
        aria-selected={hideChosen ? i === active : selected}
        className={`flex cursor-pointer items-center justify-between px-3 py-1.5 text-sm ${i === active ? 'bg-brand-50' : ''}`}
        onMouseDown={(e) => {
          e.preventDefault();
          toggle(tag);
          inputRef.current?.focus();
        }}
        onMouseEnter={() => setActive(i)}
      >
        {tag}
        {selected ? (
          <span aria-hidden="true" className="text-brand-600">
            ✓
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {value.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={chipsLabel}>
          {value.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pl-3 pr-1 text-sm text-brand-800">
              {tag}
              <button
                type="button"
                className="rounded-full px-1.5 hover:bg-brand-600 hover:text-white"
                aria-label={`Remove ${tag}`}
                onClick={() => toggle(tag)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        placeholder={placeholder}
        autoComplete="off"
        className={inputClass}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {open ? (
        <div
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-multiselectable={!hideChosen}
          aria-label={label}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.length === 0 ? <div className="px-3 py-2 text-sm text-slate-600">No tag matches</div> : null}
          {groups
            ? sections.map((g, group) => {
                const first = options.findIndex((o) => o.group === group);
                if (first < 0) return null;
                return (
                  <div key={`${group}-${g.label}`} role="group" aria-labelledby={`${id}-group-${group}`}>
                    <div
                      id={`${id}-group-${group}`}
                      className="sticky top-0 bg-slate-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-700"
                    >
                      {g.label}
                    </div>
                    {options.map((o, i) => (o.group === group ? renderOption(o, i) : null))}
                  </div>
                );
              })
            : options.map(renderOption)}
        </div>
      ) : null}
    </div>
  );
}
