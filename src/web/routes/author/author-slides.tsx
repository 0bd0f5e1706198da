import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { PaperSlidesJson } from '../../../core/schemas/proceedings';
import { messageOf } from '../../api/client';
import { uploadPaperSlides } from '../../api/proceedings';
import { SlidesFile } from '../../components/slides-file';
import { useFollowRedirect } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fileInputClass } from '../../components/ui/field';
import { UploadProgress } from '../../components/upload-progress';

/**
 * The presentation slides of an accepted paper (decision 0066): any of its authors uploads a PDF, which the paper's
 * public page links. The upload reports progress, so it is a direct call; after it the host route's loader runs again.
 */
export function AuthorSlides({ paperId, slides }: { paperId: string; slides: PaperSlidesJson | null }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [progress, setProgress] = useState<{ sent: number; total: number; fileSize: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const file = fileRef.current?.files?.[0];
    if (!file || file.size === 0) {
      setError('Please attach the slides as a PDF file');
      return;
    }
    setBusy(true);
    setProgress({ sent: 0, total: file.size, fileSize: file.size });
    try {
      const res = await uploadPaperSlides(paperId, file, (sent, total) => setProgress({ sent, total, fileSize: file.size }));
      setDone(res.message);
      toast.success(res.message);
      if (fileRef.current) fileRef.current.value = '';
      void revalidator.revalidate();
    } catch (err) {
      if (followRedirect(err)) return;
      setProgress(null);
      setError(messageOf(err, 'The slides could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="slides-heading" className="space-y-3">
      <h2 id="slides-heading" className="text-lg font-bold text-brand-900">
        Presentation slides
      </h2>
      <p className="text-sm text-slate-700">
        The presenter’s slides, as a PDF: anyone can download them from the paper’s public page. A new upload replaces them.
      </p>
      {slides ? <SlidesFile slides={slides} /> : <p className="text-slate-800">No slides yet.</p>}
      <form onSubmit={upload} className="space-y-3">
        <Field id="slides" label="Slides (PDF)">
          {(control) => (
            <input {...control} className={fileInputClass} ref={fileRef} type="file" accept="application/pdf,.pdf" disabled={busy} />
          )}
        </Field>
        {progress ? (
          <UploadProgress
            sent={progress.sent}
            total={progress.total}
            fileSize={progress.fileSize}
            label="Slides upload"
            finished={Boolean(done)}
          />
        ) : null}
        <Alert>{error}</Alert>
        <Alert tone="success">{done}</Alert>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Uploading…' : slides ? 'Replace the slides' : 'Upload slides'}
        </Button>
      </form>
    </Card>
  );
}
