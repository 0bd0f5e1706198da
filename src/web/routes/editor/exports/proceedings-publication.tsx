import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { ProceedingsPublicationJson } from '../../../../core/schemas/proceedings';
import { messageOf } from '../../../api/client';
import { setProceedingsPublication } from '../../../api/proceedings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';

/**
 * Decision 0066 on the Exports page: the editor publishes the proceedings, and each accepted paper's public page links
 * its camera-ready PDF; taking them back makes those PDFs private again (the host route's loader reads the state).
 */
export function ProceedingsPublication({ publication }: { publication: ProceedingsPublicationJson }) {
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = !publication.published;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await setProceedingsPublication(next);
      toast.success(res.message);
      void revalidator.revalidate();
    } catch (err) {
      if (followRedirect(err)) return;
      setError(messageOf(err, 'The proceedings could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="proceedings-publication-heading">
      <h2 id="proceedings-publication-heading" className="font-semibold text-brand-900">
        Publish the proceedings
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {publication.published && publication.publishedAt ? (
          <>
            Published{' '}
            <time dateTime={publication.publishedAt} className="font-semibold">
              {formatDateTime(publication.publishedAt)}
            </time>
            : each accepted paper’s public page links its camera-ready PDF.
          </>
        ) : (
          'Proceedings not published: the camera-ready PDFs are private. Once published, each accepted paper’s public page links its camera-ready PDF.'
        )}
      </p>
      <div className="mt-3 space-y-3">
        <Alert>{error}</Alert>
        <Button type="button" variant={next ? 'primary' : 'secondary'} onClick={save} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : next ? 'Publish the proceedings' : 'Take the proceedings back'}
        </Button>
      </div>
    </Card>
  );
}
