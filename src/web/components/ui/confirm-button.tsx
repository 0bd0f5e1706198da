import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonLook } from './button';

/**
 * A button that asks first (decision 0077): a modal dialog says what will happen, and only its confirm button acts.
 * The native <dialog> keeps focus inside it, closes on Escape and gives focus back to the button.
 */
export function ConfirmButton({
  children,
  title,
  body,
  confirmLabel,
  onConfirm,
  disabled,
  variant,
  size,
  className,
  'aria-label': ariaLabel,
}: ButtonLook & {
  children: ReactNode;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <>
      <Button variant={variant} size={size} className={className} disabled={disabled} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        {open ? (
          <div className="space-y-4 p-5">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
              {title}
            </h2>
            <div id={`${id}-body`} className="text-slate-800">
              {body}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="quiet" onClick={() => setOpen(false)} autoFocus>
                Keep it
              </Button>
              <Button
                variant={variant === 'danger' ? 'danger' : 'primary'}
                onClick={() => {
                  setOpen(false);
                  void onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
