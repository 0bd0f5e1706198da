import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'md' | 'sm';
export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  full?: boolean;
  className?: string;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 text-brand-700 hover:bg-brand-50',
  quiet: 'border border-slate-300 text-slate-800 hover:bg-slate-100',
  danger: 'border border-red-700 text-red-800 hover:bg-red-50',
};
const SIZES: Record<ButtonSize, string> = { md: 'px-5 py-2', sm: 'px-3 py-1.5 text-sm' };

/** The brand button's classes (for a Link or a label that must look like a button). */
export function buttonClass({ variant = 'primary', size = 'md', full = false, className }: ButtonLook = {}): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold disabled:cursor-not-allowed disabled:opacity-60',
    'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
    VARIANTS[variant],
    SIZES[size],
    full ? 'w-full' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A button in the brand's look; type="button" unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, full, className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook) {
  return <button type={type} className={buttonClass({ variant, size, full, className })} {...rest} />;
}

/** A plain link (a download, another site) in the brand button's look. */
export function ButtonAnchor({ variant, size, full, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & ButtonLook) {
  return <a className={buttonClass({ variant, size, full, className })} {...rest} />;
}
