import { findingPlace, type PreflightFinding } from '../../core/preflight';
import type { PreflightResponse } from '../../core/api/preflight';

/** One list of findings, each with where it is ("Page 1, line 2") before what it says. */
export function FindingList({ findings, label }: { findings: readonly PreflightFinding[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-2 space-y-2">
      {findings.map((f, i) => (
        <li key={i} className="text-sm">
          <span className="font-semibold">{findingPlace(f)}:</span> <span className="break-words">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Decision 0072: what the check of a chosen PDF found, blockers first (the PDF cannot be sent with them) then
 * warnings (it can; the chair sees them). Shown as soon as the check answers; nothing when the track checks nothing.
 */
export function PreflightFindings({
  state,
}: {
  state: { busy: true } | { busy: false; result: PreflightResponse | null; error: string | null } | null;
}) {
  if (!state) return null;
  if (state.busy)
    return (
      <p role="status" className="text-sm text-slate-700">
        Checking your PDF against this track’s rules…
      </p>
    );
  if (state.error)
    return (
      <p role="status" className="text-sm text-slate-700">
        {state.error}
      </p>
    );
  const result = state.result;
  if (!result?.checked) return null;
  const blockers = result.findings.filter((f) => f.severity === 'block');
  const warnings = result.findings.filter((f) => f.severity === 'warn');
  return (
    <section aria-label="Check of your PDF" className="space-y-3" aria-live="polite">
      {!blockers.length && !warnings.length ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          Your PDF meets this track’s rules.
        </p>
      ) : null}
      {blockers.length ? (
        <div className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900">
          <h2 className="text-sm font-semibold">
            {blockers.length === 1 ? '1 problem must be fixed' : `${blockers.length} problems must be fixed`} before you can send this PDF
          </h2>
          <FindingList findings={blockers} label="Problems to fix" />
          <p className="mt-2 text-sm">Fix the PDF and choose it again.</p>
        </div>
      ) : null}
      {warnings.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <h2 className="text-sm font-semibold">
            {warnings.length === 1 ? '1 thing to check' : `${warnings.length} things to check`}: you may send the PDF as it is, and the
            chair will see
            {warnings.length === 1 ? ' it' : ' them'}
          </h2>
          <FindingList findings={warnings} label="Things to check" />
        </div>
      ) : null}
    </section>
  );
}
