import { useId } from 'react';
import { ANSWER_TEXT_MAX, type QuestionJson } from '../../core/review-form';
import { inputClass } from './ui/field';

type Value = number | string | undefined;

const Required = () => <span className="text-red-800"> (required)</span>;
const Seen = ({ q }: { q: QuestionJson }) => (
  <span className="text-xs font-normal text-slate-600">{q.visibility === 'authors' ? 'Sent to the authors' : 'The committee only'}</span>
);

/**
 * One of the conference's own review questions (decision 0031) as the reviewer answers it: a score as a labelled
 * radio group, a choice as radios (a select beyond six options), a text as a text area. The editor's page
 * shows the same component as its preview.
 */
export function QuestionField({
  q,
  value,
  onChange,
  disabled,
}: {
  q: QuestionJson;
  value: Value;
  onChange: (v: number | string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = q.description ? `${id}-desc` : undefined;
  const description = q.description ? (
    <p id={`${id}-desc`} className="mb-2 whitespace-pre-wrap text-sm text-slate-700">
      {q.description}
    </p>
  ) : null;
  if (q.kind === 'text') {
    return (
      <div>
        <label htmlFor={id} className="block font-semibold text-brand-900">
          {q.label}
          {q.required ? <Required /> : null} <Seen q={q} />
        </label>
        {description}
        <textarea
          id={id}
          className={inputClass}
          rows={4}
          maxLength={ANSWER_TEXT_MAX}
          aria-required={q.required || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  if (q.kind === 'choice' && q.options.length > 6) {
    return (
      <div>
        <label htmlFor={id} className="block font-semibold text-brand-900">
          {q.label}
          {q.required ? <Required /> : null} <Seen q={q} />
        </label>
        {description}
        <select
          id={id}
          className={inputClass}
          aria-required={q.required || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose…</option>
          {q.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-required={q.required || undefined}
      className="min-w-0 rounded-lg border border-slate-200 p-3"
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend id={`${id}-legend`} className="px-1 font-semibold text-brand-900">
        {q.label}
        {q.required ? <Required /> : null} <Seen q={q} />
      </legend>
      {description}
      <div className="flex flex-wrap gap-2">
        {q.options.map((o, i) => {
          const v = q.kind === 'score' ? i + 1 : o;
          return (
            <label
              key={o}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name={`${id}-q`} value={String(v)} checked={value === v} onChange={() => onChange(v)} />
              <span>{q.kind === 'score' ? `${i + 1} — ${o}` : o}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
