import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '../../../core/messages';
import type { PaperJson } from '../../../core/schemas/paper';
import { messageOf } from '../../api/client';
import { uploadCameraReady } from '../../api/submissions';
import { DeadlineTime } from '../../components/deadline-time';
import { formatDateTime } from '../../lib/format';
import { useFollowRedirect } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fileInputClass } from '../../components/ui/field';
import { UploadProgress } from '../../components/upload-progress';

/**
 * The camera-ready upload of an accepted paper (docs/product.md#the-review-cycle): the deadline, a real progress bar, the server's
 * answer. The upload reports progress, so it is a direct call; after it the host route's loader runs again.
 */
export function AuthorCameraReady({ paper, deadline }: { paper: PaperJson; deadline: string | null }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [progress, setProgress] = useState<{ sent: number; total: number; fileSize: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const closed = Boolean(deadline && Date.now() > Date.parse(deadline));

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setWarning(null);
    const file = fileRef.current?.files?.[0];
    if (!file || file.size === 0) {
      setError('Please attach the camera-ready version as a PDF file');
      return;
    }
    setBusy(true);
    setProgress({ sent: 0, total: file.size, fileSize: file.size });
    try {
      const res = await uploadCameraReady(paper._id, file, (sent, total) => setProgress({ sent, total, fileSize: file.size }));
      setDone(`${res.message}: ${file.name}`);
      setWarning(res.metadataWarning ?? null);
      toast.success(res.message);
      if (fileRef.current) fileRef.current.value = '';
      void revalidator.revalidate();
    } catch (err) {
      if (followRedirect(err)) return;
      setProgress(null);
      setError(messageOf(err, 'The camera-ready version could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="camera-ready-heading" className="space-y-3">
      <h2 id="camera-ready-heading" className="text-lg font-bold text-brand-900">
        Camera-ready version
      </h2>
      <p className="text-sm text-slate-700">
        {deadline ? (
          <>
            Camera-ready deadline: <DeadlineTime iso={deadline} />
          </>
        ) : (
          'No camera-ready deadline set.'
        )}{' '}
        It becomes the newest version of your paper.
      </p>
      {paper.cameraReady ? (
        <p className="text-slate-800">
          Received{' '}
          <time dateTime={paper.cameraReady.uploadedAt} className="font-semibold">
            {formatDateTime(paper.cameraReady.uploadedAt)}
          </time>
          :{' '}
          <a href={paper.cameraReady.pdf} className="font-semibold text-brand-700 underline">
            your camera-ready PDF
          </a>
        </p>
      ) : null}
      {closed ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {MESSAGES.cameraReadyDeadlinePassed}
        </p>
      ) : (
        <form onSubmit={upload} className="space-y-3">
          <Field id="camera-ready" label="Camera-ready PDF">
            {(control) => (
              <input {...control} className={fileInputClass} ref={fileRef} type="file" accept="application/pdf,.pdf" disabled={busy} />
            )}
          </Field>
          {progress ? (
            <UploadProgress
              sent={progress.sent}
              total={progress.total}
              fileSize={progress.fileSize}
              label="Camera-ready upload"
              finished={Boolean(done)}
            />
          ) : null}
          <Alert>{error}</Alert>
          <Alert tone="success">{done}</Alert>
          <Alert tone="warning">{warning}</Alert>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Uploading…' : 'Upload camera-ready version'}
          </Button>
        </form>
      )}
    </Card>
  );
}
