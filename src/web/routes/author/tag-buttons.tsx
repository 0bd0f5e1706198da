import { TAGS } from '../../../core/tags';

/** The 50 topics as toggle buttons (aria-pressed), for choosing a paper's tags. */
export function TagButtons({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-700">Tags <span className="font-normal text-slate-600">(optional: {value.length} chosen)</span></legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {TAGS.map((tag) => {
          const on = value.includes(tag);
          return (
            <button key={tag} type="button" aria-pressed={on}
              onClick={() => onChange(on ? value.filter((t) => t !== tag) : [...value, tag])}
              className={`rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'}`}>
              {tag}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
