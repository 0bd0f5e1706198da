import { useEffect, useState } from 'react';
import { MESSAGES } from '../../core/messages';

type Viewer = typeof import('./pdf-viewer').PdfViewer;

/**
 * The frame the viewer sits in: most of a phone's screen above the form; beside it on a wide screen, the window's
 * height below the sticky nav bar (the host keeps the frame at `lg:top-20`).
 */
const FRAME = 'h-[75vh] min-h-[20rem] lg:h-[calc(100vh-6.5rem)]';

/** A signed link less its signature: the same file (and variant) under a renewed link is the same document. */
function fileOf(url: string | null): string | null {
  if (!url) return null;
  const link = new URL(url, 'https://link.invalid');
  link.searchParams.delete('expires');
  link.searchParams.delete('sig');
  return `${link.pathname}?${link.searchParams}`;
}

/** A name for the downloaded file from the paper's title. */
export const pdfFileName = (title: string) =>
  `${
    title
      .replace(/[^\w -]+/g, '')
      .trim()
      .slice(0, 80) || 'paper'
  }.pdf`;

/**
 * A paper's PDF shown in the page (decision 0024): the viewer and pdf.js load on demand, so only the screens that
 * show a paper fetch them. No PDF: 'No PDF available to download'.
 */
export function PaperPdfViewer({ url: given, title }: { url: string | null; title: string }) {
  // A page read again (the discussion's polling) may carry a renewed link to the same file: the reader stays on their page.
  const [url, setUrl] = useState(given);
  if (given !== url && fileOf(given) !== fileOf(url)) setUrl(given);
  const [viewer, setViewer] = useState<{ Viewer: Viewer } | { failed: true } | null>(null);

  useEffect(() => {
    if (!url) return;
    let live = true;
    import('./pdf-viewer').then(
      (m) => {
        if (live) setViewer({ Viewer: m.PdfViewer });
      },
      () => {
        if (live) setViewer({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [url]);

  const box = (children: React.ReactNode, { role = 'status', frame = FRAME }: { role?: 'status' | 'alert'; frame?: string } = {}) => (
    <div className={`${frame} flex items-center justify-center rounded-xl border border-slate-300 bg-slate-50 p-6 text-center`}>
      <div role={role} className="space-y-2 text-slate-800">
        {children}
      </div>
    </div>
  );

  if (!url) return box(<p className="font-semibold">{MESSAGES.noPdf}</p>, { frame: 'min-h-[8rem]' });
  if (!viewer) return box(<p>Loading the PDF viewer…</p>);
  if ('failed' in viewer) {
    // The viewer's code did not arrive (offline, or a new version of the site since this page loaded).
    return box(
      <>
        <p>The PDF viewer could not be loaded. Reload the page to try again.</p>
        <p>
          <a href={url} download={pdfFileName(title)} className="font-semibold text-brand-700 underline">
            Download the PDF
          </a>
        </p>
      </>,
      { role: 'alert' },
    );
  }
  return (
    <div className={FRAME}>
      <viewer.Viewer url={url} title={title} downloadName={pdfFileName(title)} />
    </div>
  );
}
