import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { PaperSlidesJson } from '../../../../core/schemas/proceedings';
import { messageOf } from '../../../api/client';
import { removePaperSlides } from '../../../api/proceedings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SlidesFile } from '../../../components/slides-file';
import { useFollowRedirect } from '../../../lib/route-data';

/** Decision 0066: the slides a presenter put on the paper's public page, which the editor may take off. */
export function EditorSlides({ paperId, slides }: { paperId: string; slides: PaperSlidesJson }) {
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      toast.success((await removePaperSlides(paperId)).message);
      void revalidator.revalidate();
    } catch (err) {
      if (followRedirect(err)) return;
      setError(messageOf(err, 'The slides could not be removed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="editor-slides-heading" className="space-y-3">
      <h2 id="editor-slides-heading" className="font-semibold text-brand-900">
        Presentation slides
      </h2>
      <SlidesFile slides={slides} after=", public on the paper’s page." />
      <Alert>{error}</Alert>
      <Button type="button" variant="danger" size="sm" onClick={remove} disabled={busy} aria-busy={busy}>
        {busy ? 'Removing…' : 'Remove the slides'}
      </Button>
    </Card>
  );
}
