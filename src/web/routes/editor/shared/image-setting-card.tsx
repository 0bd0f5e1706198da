import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { messageOf } from '../../../api/client';
import { loadPart, useFollowRedirect } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { fileInputClass } from '../../../components/ui/field';

/** What one image setting (the organiser's signature, the conference's logo) says and how it is stored. */
export interface ImageSetting {
  /** The multipart field's name, and the id stem of the card's heading. */
  field: string;
  heading: string;
  description: string;
  alt: string;
  loading: string;
  none: string;
  uploadLabel: string;
  saveLabel: string;
  removeLabel: string;
  missing: string;
  tooLarge: string;
  failed: string;
  maxBytes: number;
  /** Empty the file picker after a successful upload. */
  resetAfterUpload?: boolean;
  upload(form: FormData): Promise<{ message: string }>;
  remove(): Promise<{ message: string }>;
}

/** For the host route's clientLoader: the stored image to show, when there is one (null: none, or it could not be read). */
export async function readImage(has: boolean, read: () => Promise<Blob>): Promise<Blob | null> {
  return has ? (await loadPart<Blob | null>(read(), null)).data : null;
}

/**
 * An uploaded image shown as stored (`image`, read by the host route's loader), with a picker to replace it and a
 * button to remove it (PNG or JPEG).
 */
export function ImageSettingCard({ has, image, setting }: { has: boolean; image: Blob | null; setting: ImageSetting }) {
  const followRedirect = useFollowRedirect();
  const revalidator = useRevalidator();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  // The image as a URL the <img> can show, let go when another replaces it or the card goes.
  useEffect(() => {
    if (!image) {
      setUrl(null);
      return undefined;
    }
    const shown = URL.createObjectURL(image);
    setUrl(shown);
    return () => URL.revokeObjectURL(shown);
  }, [image]);

  async function act(work: () => Promise<{ message: string }>, done?: () => void) {
    setError('');
    setBusy(true);
    try {
      toast.success((await work()).message);
      done?.();
      await revalidator.revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, setting.failed));
    } finally {
      setBusy(false);
    }
  }
  function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const picker = e.currentTarget;
    const file = new FormData(picker).get(setting.field);
    if (!(file instanceof File) || file.size === 0) {
      setError(setting.missing);
      return;
    }
    if (file.size > setting.maxBytes) {
      setError(setting.tooLarge);
      return;
    }
    const form = new FormData();
    form.append(setting.field, file);
    void act(() => setting.upload(form), setting.resetAfterUpload ? () => picker.reset() : undefined);
  }

  const headingId = `${setting.field}-heading`;
  return (
    <Card className="mt-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        {setting.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{setting.description}</p>
      {url ? (
        <img src={url} alt={setting.alt} className="mt-3 max-h-24 max-w-full rounded border border-slate-200 bg-white p-2" />
      ) : (
        <p className="mt-3 text-sm text-slate-700">{has ? setting.loading : setting.none}</p>
      )}
      <form onSubmit={upload} className="mt-3 space-y-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {has ? 'Replace with' : setting.uploadLabel}
          </label>
          <input id={inputId} type="file" name={setting.field} accept="image/png,image/jpeg" className={fileInputClass} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : setting.saveLabel}
          </Button>
          {has ? (
            <Button variant="secondary" disabled={busy} onClick={() => void act(setting.remove)}>
              {setting.removeLabel}
            </Button>
          ) : null}
        </div>
      </form>
      <Alert className="mt-3">{error}</Alert>
    </Card>
  );
}
