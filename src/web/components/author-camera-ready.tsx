import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '../../core/messages';
import type { PaperJson } from '../../core/schemas/paper';
import { messageOf } from '../api/client';
import { uploadCameraReady } from '../api/review-cycle';
import { formatDateTime } from './format';
import { UploadProgress } from './upload-progress';

/** The camera-ready upload of an accepted paper (issue 12): the deadline, a real progress bar, the server's answer. */
export function AuthorCameraReady({ paper, deadline, onUploaded }: { paper: PaperJson; deadline: string | null; onUploaded: (paper: PaperJson) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const closed = Boolean(deadline && Date.now() > Date.parse(deadline));

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const file = fileRef.current?.files?.[0];
    if (!file || file.size === 0) { setError('Please attach the camera-ready version as a PDF file'); return; }
    setBusy(true);
    setProgress({ sent: 0, total: file.size });
    try {
      const res = await uploadCameraReady(paper._id, file, (sent, total) => setProgress({ sent, total }));
      setDone(`${res.message}: ${file.name}`);
      toast.success(res.message);
      if (fileRef.current) fileRef.current.value = '';
      onUploaded(res.paper);
    } catch (err) {
      setProgress(null);
      setError(messageOf(err, 'The camera-ready version could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="camera-ready-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="camera-ready-heading" className="text-lg font-bold text-brand-900">Camera-ready version</h2>
      <p className="text-sm text-slate-700">
        {deadline ? <>Camera-ready deadline: <time dateTime={deadline} className="font-semibold">{formatDateTime(deadline)}</time></> : 'No camera-ready deadline set.'}
        {' '}It becomes the newest version of your paper.
      </p>
      {paper.cameraReady ? (
        <p className="text-slate-800">
          Received <time dateTime={paper.cameraReady.uploadedAt} className="font-semibold">{formatDateTime(paper.cameraReady.uploadedAt)}</time>:{' '}
          <a href={paper.cameraReady.pdf} className="font-semibold text-brand-700 underline">your camera-ready PDF</a>
        </p>
      ) : null}
      {closed ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">{MESSAGES.cameraReadyDeadlinePassed}</p>
      ) : (
        <form onSubmit={upload} className="space-y-3">
          <div>
            <label htmlFor="camera-ready" className="block font-semibold text-brand-900">Camera-ready PDF</label>
            <input id="camera-ready" ref={fileRef} type="file" accept="application/pdf,.pdf" disabled={busy}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800" />
          </div>
          {progress ? <UploadProgress sent={progress.sent} total={progress.total} label="Camera-ready upload" finished={Boolean(done)} /> : null}
          {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
          {done ? <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">{done}</p> : null}
          <button type="submit" disabled={busy} aria-busy={busy} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
            {busy ? 'Uploading…' : 'Upload camera-ready version'}
          </button>
        </form>
      )}
    </section>
  );
}
