import { useEffect, useState } from 'react';
import type { CertificateJson } from '../../core/schemas/program';
import { downloadCertificate, getMyCertificates } from '../api/program';

/** The signed-in person's certificates (issue 15), each downloadable as PDF; nothing shows until one is issued. */
export function MyCertificates() {
  const [certs, setCerts] = useState<CertificateJson[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    getMyCertificates().then((r) => { if (live) setCerts(r.certificates); }, () => { /* no certificates shown */ });
    return () => { live = false; };
  }, []);
  if (certs.length === 0) return null;
  return (
    <section aria-labelledby="my-certificates-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="my-certificates-heading" className="text-lg font-bold text-brand-900">My certificates</h2>
      <ul className="mt-2 space-y-2">
        {certs.map((c) => (
          <li key={c.code} className="flex flex-wrap items-center gap-3">
            <span>{c.kind === 'presentation' ? `Presentation: ${c.paperTitle ?? ''}` : 'Attendance'}</span>
            <button type="button" className="min-h-11 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              onClick={() => { setError(''); downloadCertificate(c).catch(() => setError('The certificate could not be downloaded. Please try again.')); }}>
              Download PDF<span className="sr-only"> ({c.kind} certificate)</span>
            </button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="mt-2 text-red-800">{error}</p> : null}
    </section>
  );
}
