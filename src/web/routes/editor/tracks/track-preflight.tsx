import { useEffect, useId, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { SavePreflightRulesBody } from '../../../../core/api/preflight';
import { ANONYMITY_RULES, RULE_LABELS, type PreflightRule, type PreflightRules, type RuleAction } from '../../../../core/preflight';
import { getTrackPreflight, saveTrackPreflight } from '../../../api/preflight';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/field';
import { actOr, jsonBody, loadOr, revalidateAfterSuccess, type ActionResult } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { appTitle } from '../../../lib/seo';
import type { Route } from './+types/track-preflight';

export const meta = () => [{ title: appTitle('Submission checks') }];

/** Decision 0072: a track's preflight rules, for the editor and the track's chairs (the server refuses anyone else). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  return loadOr(getTrackPreflight(params.trackId), 'Could not load the checks of this track. Please try again.');
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = SavePreflightRulesBody.safeParse(await jsonBody<unknown>(request));
  if (!body.success) return { ok: false as const, error: body.error.issues[0]?.message ?? 'Please check the form' };
  return actOr(saveTrackPreflight(params.trackId, body.data), 'Could not save the checks. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

/** The rules in the order the screen groups them. */
const GROUPS: Array<{ title: string; rules: PreflightRule[]; note?: string }> = [
  { title: 'Format', rules: ['page-limit', 'paper-size', 'fonts-embedded', 'file-size'] },
  {
    title: 'Anonymity',
    rules: [
      'anonymity-text',
      'anonymity-metadata',
      'anonymity-annotations',
      'anonymity-outline',
      'anonymity-attachments',
      'authorship-phrases',
    ],
    note: 'Checked under blind review only, against the paper’s own authors: their names as people write them, e-mail addresses, affiliations and ORCID iDs.',
  },
  { title: 'Unsafe content', rules: ['javascript', 'launch-action', 'external-links', 'embedded-files'] },
  { title: 'When a PDF cannot be checked', rules: ['unchecked'] },
];
const ACTION_WORDS: Record<RuleAction, string> = { block: 'Block', warn: 'Warn', off: 'Off' };

export default function TrackPreflight({ loaderData: data }: Route.ComponentProps) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  const [on, setOn] = useState(data.rules !== null);
  const [rules, setRules] = useState<PreflightRules>(data.rules ?? data.defaults);
  const [pageLimit, setPageLimit] = useState(rules.pageLimit === null ? '' : String(rules.pageLimit));
  const [maxFileMb, setMaxFileMb] = useState(rules.maxFileMb === null ? '' : String(rules.maxFileMb));
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const ids = useId();

  useEffect(() => {
    if (result?.ok) toast.success(on ? 'The checks of this track are saved.' : 'This track checks nothing now.');
  }, [result, on]);

  const setAction = (rule: PreflightRule, action: RuleAction) => setRules((r) => ({ ...r, actions: { ...r.actions, [rule]: action } }));
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const number = (text: string) => (text.trim() === '' ? null : Number(text));
    fetcher.submit(
      { rules: on ? { ...rules, pageLimit: number(pageLimit), maxFileMb: number(maxFileMb) } : null },
      { method: 'post', encType: 'application/json' },
    );
  };

  return (
    <div className="max-w-3xl">
      <Link to="/editor/tracks" className="text-sm font-semibold text-brand-700 underline">
        ← Tracks
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Submission checks: {data.trackName}</h1>
      <p className="mt-2 text-slate-700">
        When an author chooses a PDF for this track, and again when they submit it or upload a new version, it is checked against these
        rules. A rule set to <strong>Block</strong> refuses the PDF until it is fixed; <strong>Warn</strong> lets it through and shows the
        finding to the author and in the paper’s format report.
      </p>
      <form onSubmit={save} className={cardClass('mt-6 space-y-6 shadow-sm')}>
        <label className="flex items-center gap-2 font-medium text-slate-800">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} className="h-4 w-4" />
          Check the PDFs of this track
        </label>
        {on ? (
          <>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="sr-only">Limits</legend>
              <div>
                <label htmlFor={`${ids}-pages`} className="block text-sm font-medium text-slate-700">
                  Page limit (empty: none)
                </label>
                <input
                  id={`${ids}-pages`}
                  className={inputClass}
                  inputMode="numeric"
                  value={pageLimit}
                  onChange={(e) => setPageLimit(e.currentTarget.value)}
                />
                <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={rules.referencesCount}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setRules((r) => ({ ...r, referencesCount: checked }));
                    }}
                    className="h-4 w-4"
                  />
                  The references count towards the limit
                </label>
              </div>
              <div>
                <label htmlFor={`${ids}-size`} className="block text-sm font-medium text-slate-700">
                  Paper size
                </label>
                <select
                  id={`${ids}-size`}
                  className={inputClass}
                  value={rules.paperSize}
                  onChange={(e) => {
                    const size = e.currentTarget.value as PreflightRules['paperSize'];
                    setRules((r) => ({ ...r, paperSize: size }));
                  }}
                >
                  <option value="any">Any</option>
                  <option value="A4">A4</option>
                  <option value="Letter">US Letter</option>
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-mb`} className="block text-sm font-medium text-slate-700">
                  Largest file in MB (empty: the site’s upload limit)
                </label>
                <input
                  id={`${ids}-mb`}
                  className={inputClass}
                  inputMode="decimal"
                  value={maxFileMb}
                  onChange={(e) => setMaxFileMb(e.currentTarget.value)}
                />
              </div>
            </fieldset>
            {GROUPS.map((group) => (
              <fieldset key={group.title}>
                <legend className="text-lg font-semibold text-brand-900">{group.title}</legend>
                {group.note ? (
                  <p className="mt-1 text-sm text-slate-700">
                    {group.note}
                    {!data.blindReview && group.rules.some((r) => ANONYMITY_RULES.has(r))
                      ? ' Blind review is off for this edition: these are not checked now.'
                      : ''}
                  </p>
                ) : null}
                <table className="mt-2 w-full table-fixed text-sm">
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">Rule</th>
                      <th scope="col">What happens</th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.rules.map((rule) => (
                      <tr key={rule} className="border-t border-slate-200">
                        <th scope="row" className="w-3/5 py-2 pr-2 text-left font-medium text-slate-800" id={`${ids}-${rule}`}>
                          {RULE_LABELS[rule]}
                        </th>
                        <td className="py-2">
                          <select
                            aria-labelledby={`${ids}-${rule}`}
                            className="rounded-md border border-slate-300 px-2 py-1"
                            value={rules.actions[rule]}
                            onChange={(e) => setAction(rule, e.currentTarget.value as RuleAction)}
                          >
                            {(['block', 'warn', 'off'] as const).map((a) => (
                              <option key={a} value={a}>
                                {ACTION_WORDS[a]}
                              </option>
                            ))}
                          </select>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </fieldset>
            ))}
          </>
        ) : (
          <p className="text-sm text-slate-700">PDFs of this track are not checked: every PDF is taken as it is.</p>
        )}
        <Alert>{result && !result.ok ? result.error : null}</Alert>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save checks'}
        </Button>
      </form>
    </div>
  );
}
