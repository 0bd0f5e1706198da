import { useState } from 'react';
import type { CertificateJson } from '../../../core/schemas/program';
import { downloadCertificate } from '../../api/programme';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/**
 * The signed-in person's certificates (decision 0017), each downloadable as PDF; nothing shows until one is issued.
 * The host route's loader reads them (`getMyCertificates`) and passes them in.
 */
export function MyCertificates({ certificates }: { certificates: CertificateJson[] }) {
  const [error, setError] = useState('');
  if (certificates.length === 0) return null;
  return (
    <Card aria-labelledby="my-certificates-heading" className="mt-6">
      <h2 id="my-certificates-heading" className="text-lg font-bold text-brand-900">
        My certificates
      </h2>
      <ul className="mt-2 space-y-2">
        {certificates.map((c) => (
          <li key={c.code} className="flex flex-wrap items-center gap-3">
            <span>{c.kind === 'presentation' ? `Presentation: ${c.paperTitle ?? ''}` : 'Attendance'}</span>
            <Button
              size="sm"
              className="min-h-11"
              onClick={() => {
                setError('');
                downloadCertificate(c).catch(() => setError('The certificate could not be downloaded. Please try again.'));
              }}
            >
              Download PDF<span className="sr-only"> ({c.kind} certificate)</span>
            </Button>
          </li>
        ))}
      </ul>
      <Alert className="mt-2">{error}</Alert>
    </Card>
  );
}
