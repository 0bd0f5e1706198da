import { Button } from '../../../components/ui/button';
import { useDownload } from '../../../lib/route-data';

/**
 * A row of download buttons for the Exports page, each fetching its file with the login token (a plain link would be
 * refused): one download at a time, "Preparing…" on the one under way, the server's message if it fails.
 */
export function DownloadButtons<K extends string>({
  labels,
  save,
  failed,
}: {
  labels: Record<K, string>;
  save: (kind: K) => Promise<void>;
  failed: string;
}) {
  const { busy, error, download } = useDownload(save, failed);
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2">
        {(Object.keys(labels) as K[]).map((kind) => (
          <li key={kind}>
            <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => void download(kind)}>
              {busy === kind ? 'Preparing…' : labels[kind]}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
