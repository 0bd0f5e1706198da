import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messageOf } from '../api/client';
import { importPersonPublications } from '../api/publications';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { fileInputClass } from './ui/field';

/** Decision 0076: the editor imports a BibTeX, DBLP XML or ORCID JSON file into a person's publications (audited). */
export function PersonPublicationsImport({ userId, name }: { userId: string; name: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const result = await importPersonPublications(userId, form);
      toast.success(`${name}: ${result.message}`);
      if (input.current) input.current.value = '';
    } catch (err) {
      setError(messageOf(err, 'The file could not be imported. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">Import publications</summary>
      <form onSubmit={(e) => void submit(e)} className="mt-2 space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Publications file (BibTeX, DBLP XML or ORCID JSON)
        </label>
        {/* The person's name only in the field's accessible name: the row already shows it once as text. */}
        <input
          id={id}
          ref={input}
          type="file"
          accept=".bib,.bibtex,.xml,.json"
          className={fileInputClass}
          aria-label={`Publications file (BibTeX, DBLP XML or ORCID JSON) for ${name}`}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
        <Alert>{error}</Alert>
      </form>
    </details>
  );
}
