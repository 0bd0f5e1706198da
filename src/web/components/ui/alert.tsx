import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';
const TONES: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-800 border-red-200',
  success: 'bg-green-50 text-green-900 border-green-200',
  info: 'bg-brand-50 text-brand-900 border-brand-100',
  warning: 'bg-amber-50 text-amber-900 border-amber-300',
};

/**
 * A message box: an error is announced at once (role="alert"), anything else politely (role="status").
 * Renders nothing without children, so `<Alert>{error}</Alert>` can stay in place.
 */
export function Alert({ tone = 'error', className, children }: { tone?: AlertTone; className?: string; children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]} ${className ?? ''}`}>
      {children}
    </div>
  );
}
