import { Link } from 'react-router';
import type { FirstStepJson, FirstStepsJson } from '../../../../core/schemas/first-steps';
import { Card } from '../../../components/ui/card';

function Step({ step }: { step: FirstStepJson }) {
  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
          step.done ? 'bg-emerald-100 text-emerald-800' : 'border-2 border-slate-400 text-transparent'
        }`}
      >
        ✓
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{step.phase}</p>
        <Link
          to={step.href}
          className={`font-semibold underline-offset-2 hover:underline ${step.done ? 'text-slate-700' : 'text-brand-800'}`}
        >
          {step.label}
        </Link>
        <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
        <p className="text-sm text-slate-700">{step.detail}</p>
      </div>
    </li>
  );
}

/**
 * What the edition still lacks (GET /api/editor/first-steps), the steps to do first and in the order of the phases,
 * the done ones ticked after them; once all are done the list folds away (docs/product.md#the-editors-first-steps).
 */
export function FirstSteps({ steps }: { steps: FirstStepsJson }) {
  const ordered = [...steps.steps.filter((s) => !s.done), ...steps.steps.filter((s) => s.done)];
  const list = (
    <ol className="divide-y divide-slate-200">
      {ordered.map((s) => (
        <Step key={s.key} step={s} />
      ))}
    </ol>
  );
  const progress = `${steps.done} of ${steps.total} done`;
  if (steps.done === steps.total)
    return (
      <Card aria-label="First steps">
        <details>
          <summary className="cursor-pointer font-semibold text-brand-900">First steps: all {steps.total} done</summary>
          {list}
        </details>
      </Card>
    );
  return (
    <Card aria-labelledby="first-steps-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-steps-heading" className="text-lg font-bold text-brand-900">
          First steps
        </h2>
        <p className="text-sm text-slate-700">{progress}</p>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="First steps done"
        aria-valuemin={0}
        aria-valuemax={steps.total}
        aria-valuenow={steps.done}
        aria-valuetext={progress}
      >
        <div className="h-full bg-emerald-600" style={{ width: `${(100 * steps.done) / steps.total}%` }} />
      </div>
      {list}
    </Card>
  );
}
