import { useState } from 'react';
import { EXPORT_LABELS, exportUrl, type ExportName } from '../../core/schemas/records';
import { downloadExport } from '../api/records';

/** Buttons that download the editor's CSV exports (streamed by the server; UTF-8 with BOM for spreadsheet apps). */
export function ExportLinks({ names, title = 'Download as CSV' }: { names: ExportName[]; title?: string }) {
  const [busy, setBusy] = useState<ExportName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (name: ExportName) => {
    setBusy(name);
    setError(null);
    try {
      await downloadExport(exportUrl(name), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-brand-900">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name}>
            <button type="button" onClick={() => void download(name)} disabled={busy !== null}
              className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60">
              {busy === name ? 'Preparing…' : EXPORT_LABELS[name]}
            </button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="mt-2 text-sm text-red-800">{error}</p> : null}
    </section>
  );
}
