import { Link } from 'react-router';
import type { z } from '../../../../core/zod';
import type { FormatReportJson as Schema } from '../../../../core/api/preflight';
import { FindingList } from '../../../components/preflight-findings';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';

export type FormatReportJson = z.infer<typeof Schema>;

/**
 * Decision 0072: the paper's format report on the chair's paper page — what the preflight found in the newest version
 * (warnings it let through), and the earlier versions folded; a version uploaded while the track checked nothing says so.
 */
export function FormatReport({ report, trackId }: { report: FormatReportJson; trackId: string }) {
  const [latest, ...earlier] = report.versions;
  return (
    <Card aria-labelledby="format-report-heading" className="space-y-3">
      <h2 id="format-report-heading" className="font-semibold text-brand-900">
        Format report
      </h2>
      {!latest ? <p className="text-slate-800">No PDF yet.</p> : <VersionReport version={latest} />}
      {earlier.length ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">Earlier versions ({earlier.length})</summary>
          <div className="mt-2 space-y-3">
            {earlier.map((v) => (
              <VersionReport key={v.version} version={v} />
            ))}
          </div>
        </details>
      ) : null}
      <p className="text-sm">
        <Link to={`/editor/tracks/${trackId}/checks`} className="font-semibold text-brand-700 underline">
          This track’s submission checks
        </Link>
      </p>
    </Card>
  );
}

function VersionReport({ version: v }: { version: FormatReportJson['versions'][number] }) {
  const title = `Version ${v.version} (${v.fileName}), uploaded ${formatDateTime(v.uploadedAt)}`;
  if (!v.checked) return <p className="text-sm text-slate-800">{title}: not checked (the track had no checks then).</p>;
  if (!v.findings.length)
    return (
      <p className="text-sm text-slate-800">
        {title}: <span className="font-semibold text-green-800">meets the track’s rules.</span>
      </p>
    );
  return (
    <div className="text-sm text-slate-800">
      <p>
        {title}:{' '}
        <span className="font-semibold text-amber-900">{v.findings.length === 1 ? '1 warning' : `${v.findings.length} warnings`}</span>
      </p>
      <FindingList findings={v.findings} label={`Warnings of version ${v.version}`} />
    </div>
  );
}
