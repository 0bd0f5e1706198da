import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { SIGNATURE_MAX_BYTES, SIGNATURE_TEXT } from '../../../core/schemas/visa-letter';
import { messageOf } from '../../api/client';
import { removeSignature, signatureUrl, uploadSignature } from '../../api/visa-letters';
import { useFollowRedirect } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fileInputClass } from '../../components/ui/field';

/** Issue 24.4: the organiser's signature image on letters and certificates (PNG or JPEG); shown as stored. */
export function OrganiserSignature({ hasSignature }: { hasSignature: boolean }) {
  const followRedirect = useFollowRedirect();
  const revalidator = useRevalidator();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  useEffect(() => {
    let shown: string | null = null;
    if (hasSignature) void signatureUrl().then((u) => { shown = u; setUrl(u); });
    else setUrl(null);
    return () => { if (shown) URL.revokeObjectURL(shown); };
  }, [hasSignature]);

  async function act(work: () => Promise<{ message: string }>) {
    setError('');
    setBusy(true);
    try {
      toast.success((await work()).message);
      await revalidator.revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The signature could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get('signature');
    if (!(file instanceof File) || file.size === 0) { setError('Please choose the signature image (PNG or JPEG)'); return; }
    if (file.size > SIGNATURE_MAX_BYTES) { setError(SIGNATURE_TEXT.tooLarge); return; }
    const form = new FormData();
    form.append('signature', file);
    void act(() => uploadSignature(form));
  }

  return (
    <Card className="mt-6" aria-labelledby="signature-heading">
      <h2 id="signature-heading" className="text-lg font-semibold text-brand-900">Signature image</h2>
      <p className="mt-1 text-sm text-slate-600">Printed above the organiser’s name on visa letters and certificates. PNG or JPEG, at most 512 KB; a white or clear background looks best.</p>
      {url ? <img src={url} alt="The organiser’s signature as uploaded" className="mt-3 max-h-24 max-w-full rounded border border-slate-200 bg-white p-2" /> : (
        <p className="mt-3 text-sm text-slate-700">{hasSignature ? 'Loading the signature…' : 'No signature uploaded: letters carry the name and title only.'}</p>
      )}
      <form onSubmit={upload} className="mt-3 space-y-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">{hasSignature ? 'Replace with' : 'Upload'}</label>
          <input id={inputId} type="file" name="signature" accept="image/png,image/jpeg" className={fileInputClass} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Save signature'}</Button>
          {hasSignature ? <Button variant="secondary" disabled={busy} onClick={() => void act(removeSignature)}>Remove</Button> : null}
        </div>
      </form>
      <Alert className="mt-3">{error}</Alert>
    </Card>
  );
}
