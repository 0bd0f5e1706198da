import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The input look every form shares. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, its control, a hint and the field's error, wired together (for, aria-describedby, aria-invalid).
 * Without `children` it renders an <input> with the rest of the props; pass a function as children for a
 * select or a textarea: it receives the props to spread on it.
 */
export function Field({
  label,
  hint,
  error,
  className,
  children,
  id,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children?: (control: ControlProps) => ReactNode;
}) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id: controlId,
    className: inputClass,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children ? children(control) : <input {...input} {...control} />}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A file picker whose button looks like the brand's secondary button instead of the browser's default. */
export const fileInputClass =
  'mt-1 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';
