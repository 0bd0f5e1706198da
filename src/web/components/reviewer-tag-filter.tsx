import { useId, useMemo, useRef, useState } from 'react';

/**
 * Filter by tag: a combobox over the tags on offer; a pick adds a chip and clears the typed text (issue 18.5),
 * arrow keys move, Enter picks, Escape closes, Backspace in the empty box removes the last chip.
 */
export function ReviewerTagFilter({ tags, value, onChange, label }: { tags: string[]; value: string[]; onChange: (tags: string[]) => void; label: string }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const options = useMemo(
    () => tags.filter((t) => !value.includes(t) && t.toLowerCase().includes(query.trim().toLowerCase())),
    [tags, value, query],
  );
  const pick = (tag: string) => {
    onChange([...value, tag]);
    setQuery('');
    setActive(0);
  };
  const remove = (tag: string) => onChange(value.filter((t) => t !== tag));

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(a + 1, options.length - 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
    else if (e.key === 'Enter' && open && options[active]) { e.preventDefault(); pick(options[active]); }
    else if (e.key === 'Escape') { setOpen(false); }
    else if (e.key === 'Backspace' && query === '' && value.length) { onChange(value.slice(0, -1)); }
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-700">{label}</label>
      {value.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags filtered by">
          {value.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pl-3 pr-1 text-sm text-brand-800">
              {tag}
              <button type="button" className="rounded-full px-1.5 hover:bg-brand-600 hover:text-white" aria-label={`Remove ${tag}`} onClick={() => remove(tag)}>×</button>
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
        placeholder="Type a tag"
        autoComplete="off"
        className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600"
        value={query}
        onChange={(e) => { setQuery(e.target.value); setActive(0); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={`${id}-list`} role="listbox" aria-label={label}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {options.length === 0 ? <li className="px-3 py-2 text-sm text-slate-600">No tag matches</li> : null}
          {options.map((tag, i) => (
            <li
              key={tag}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? 'bg-brand-50' : ''}`}
              onMouseDown={(e) => { e.preventDefault(); pick(tag); inputRef.current?.focus(); }}
              onMouseEnter={() => setActive(i)}
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
