import { useState } from 'react';
import { EXPORT_LABELS, type ExportName } from '../../core/schemas/records';
import { saveExport } from '../api/editor-desk';
import { useFollowRedirect } from '../lib/route-data';
import { Button } from './ui/button';
import { Card } from './ui/card';

/**
 * Buttons that download the editor's CSV exports (streamed by the server; UTF-8 with BOM for spreadsheet apps).
 * A file download, not screen data: a direct call, whose refused session follows the redirect to log in.
 */
export function ExportLinks({ names, title = 'Download as CSV' }: { names: ExportName[]; title?: string }) {
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState<ExportName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (name: ExportName) => {
    setBusy(name);
    setError(null);
    try {
      await saveExport(name);
    } catch (err) {
      if (followRedirect(err)) return;
      setError(err instanceof Error ? err.message : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card aria-label={title}>
      <h2 className="font-semibold text-brand-900">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name}>
            <Button variant="secondary" size="sm" onClick={() => void download(name)} disabled={busy !== null}>
              {busy === name ? 'Preparing…' : EXPORT_LABELS[name]}
            </Button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="mt-2 text-sm text-red-800">{error}</p> : null}
    </Card>
  );
}
