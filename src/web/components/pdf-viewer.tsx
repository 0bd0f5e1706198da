import { useEffect, useRef, useState } from 'react';
import {
  getDocument,
  GlobalWorkerOptions,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker is its own file in /assets (a same-origin script, as the page's CSP wants), fetched when a PDF opens.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?worker&url';
import { Button } from './ui/button';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's scale 1 is one CSS pixel per PDF point; "100%" is the page at its printed size, as in a PDF reader. */
const CSS_UNITS = 96 / 72;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
const ZOOM_STEP = 1.25;
/** A canvas larger than this many pixels fails on phones (iOS Safari's limit is about 16.7 million). */
const MAX_CANVAS_PIXELS = 16_000_000;

type Zoom = { fit: true } | { fit: false; scale: number };
type Load = { state: 'loading' } | { state: 'ready'; doc: PDFDocumentProxy } | { state: 'failed'; message: string };

/** Why pdf.js could not read the file, in words a reader can act on (its errors cross from its worker by name). */
function unreadable(error: unknown): string {
  const name = typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name) : '';
  if (name === 'PasswordException') return 'This PDF is protected by a password, so it cannot be shown here.';
  if (name === 'InvalidPDFException') return 'This file cannot be shown here: it does not read as a valid PDF.';
  return 'The PDF could not be shown here.';
}

/**
 * A paper's PDF drawn in the page with pdf.js (decision 0024): one page at a time on a canvas, previous/next,
 * "Page n of N", zoom in/out and fit to width. Loaded on demand by paper-pdf-viewer.tsx, so only the screens
 * that show a paper load pdf.js. When the PDF cannot be shown, it says why and offers the file to download.
 */
export function PdfViewer({ url, title, downloadName }: { url: string; title: string; downloadName: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<Zoom>({ fit: true });
  /** The scale the page is drawn at (for the zoom buttons to step from), and the width the page fits. */
  const [shown, setShown] = useState<{ scale: number } | null>(null);
  const [fitWidth, setFitWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  // The document: fetched from the signed link (same origin; the server's reason when it refuses, as the download
  // area shows it), then parsed in pdf.js's worker; the fetch is stopped and the document destroyed on leaving.
  useEffect(() => {
    setLoad({ state: 'loading' });
    setPageNumber(1);
    const abort = new AbortController();
    let task: PDFDocumentLoadingTask | null = null;
    let live = true;
    const fail = (message: string) => {
      if (live) setLoad({ state: 'failed', message });
    };
    void (async () => {
      const res = await fetch(url, { signal: abort.signal });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        return fail(typeof body?.message === 'string' ? body.message : 'The PDF could not be loaded. Please reload the page.');
      }
      const data = new Uint8Array(await res.arrayBuffer());
      if (!live) return;
      // No eval: the page's CSP forbids it, and pdf.js's test for it would log the refusal as an error.
      task = getDocument({ data, isEvalSupported: false, verbosity: 0 });
      let doc: PDFDocumentProxy;
      try {
        doc = await task.promise;
      } catch (error) {
        return fail(unreadable(error));
      }
      if (live) setLoad({ state: 'ready', doc });
    })().catch((error: unknown) => {
      if ((error as { name?: string } | null)?.name !== 'AbortError') fail('The PDF could not be loaded. Please reload the page.');
    });
    return () => {
      live = false;
      abort.abort();
      // Destroying the loading task destroys its document and frees the worker.
      void task?.destroy();
    };
  }, [url]);

  // The width a page fits: the scroll box's inner width, followed as the window (or the phone) turns.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => {
      const style = getComputedStyle(box);
      setFitWidth(Math.max(0, box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [load.state]);

  // The page, drawn at the zoom asked for, sharp on high-density screens; a newer drawing cancels an older one.
  useEffect(() => {
    if (load.state !== 'ready' || !canvas.current || (zoom.fit && fitWidth <= 0)) return;
    const target = canvas.current;
    let task: RenderTask | null = null;
    let live = true;
    void load.doc.getPage(pageNumber).then(
      (page) => {
        if (!live) return;
        const natural = page.getViewport({ scale: CSS_UNITS });
        const scale = zoom.fit ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, fitWidth / natural.width)) : zoom.scale;
        const viewport = page.getViewport({ scale: scale * CSS_UNITS });
        const density = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
        target.width = Math.floor(viewport.width * density);
        target.height = Math.floor(viewport.height * density);
        target.style.width = `${Math.floor(viewport.width)}px`;
        target.style.height = `${Math.floor(viewport.height)}px`;
        const context = target.getContext('2d');
        if (!context) return;
        task = page.render({ canvasContext: context, viewport, transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0] });
        setShown({ scale });
        task.promise.catch((error: unknown) => {
          // A drawing cancelled by a newer one is expected; anything else means the page cannot be shown.
          if (live && (error as { name?: string } | null)?.name !== 'RenderingCancelledException') {
            setLoad({ state: 'failed', message: unreadable(error) });
          }
        });
      },
      (error: unknown) => {
        if (live) setLoad({ state: 'failed', message: unreadable(error) });
      },
    );
    return () => {
      live = false;
      task?.cancel();
    };
  }, [load, pageNumber, zoom, fitWidth]);

  // A new page starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [pageNumber]);

  const pages = load.state === 'ready' ? load.doc.numPages : 0;
  const current = shown?.scale ?? 1;
  const zoomTo = (scale: number) => setZoom({ fit: false, scale: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale)) });

  if (load.state === 'failed') {
    return (
      <section
        aria-label={`PDF of “${title}”`}
        className="flex h-full items-center justify-center rounded-xl border border-slate-300 bg-slate-50 p-4"
      >
        <div role="alert" className="max-w-md space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p>{load.message}</p>
          <p>
            <a href={url} download={downloadName} className="font-semibold text-brand-700 underline">
              Download the PDF
            </a>{' '}
            to open it in another program.
          </p>
        </div>
      </section>
    );
  }

  return (
    <section
      aria-label={`PDF of “${title}”`}
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-xl border border-slate-300 bg-slate-100"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-300 bg-white px-2 py-2">
        <div role="group" aria-label="Pages" className="flex items-center gap-1">
          <Button
            variant="quiet"
            size="sm"
            disabled={pageNumber <= 1 || !pages}
            onClick={() => setPageNumber((n) => n - 1)}
            aria-label="Previous page"
          >
            <span aria-hidden="true">‹</span> Previous
          </Button>
          <p aria-live="polite" className="min-w-[7rem] px-1 text-center text-sm text-slate-800" data-testid="pdf-page">
            {pages ? `Page ${pageNumber} of ${pages}` : 'Loading…'}
          </p>
          <Button
            variant="quiet"
            size="sm"
            disabled={!pages || pageNumber >= pages}
            onClick={() => setPageNumber((n) => n + 1)}
            aria-label="Next page"
          >
            Next <span aria-hidden="true">›</span>
          </Button>
        </div>
        <div role="group" aria-label="Zoom" className="flex items-center gap-1">
          <Button
            variant="quiet"
            size="sm"
            disabled={!pages || current <= MIN_ZOOM}
            onClick={() => zoomTo(current / ZOOM_STEP)}
            aria-label="Zoom out"
          >
            −
          </Button>
          <p className="min-w-[3.5rem] text-center text-sm text-slate-800" data-testid="pdf-zoom">
            {pages && shown ? `${Math.round(current * 100)}%` : '—'}
          </p>
          <Button
            variant="quiet"
            size="sm"
            disabled={!pages || current >= MAX_ZOOM}
            onClick={() => zoomTo(current * ZOOM_STEP)}
            aria-label="Zoom in"
          >
            +
          </Button>
          <Button variant="quiet" size="sm" disabled={!pages || zoom.fit} onClick={() => setZoom({ fit: true })}>
            Fit width
          </Button>
        </div>
      </div>
      {/* Focusable so a keyboard can scroll a zoomed page; the page itself is a picture of the PDF's page. */}
      <div
        ref={scroller}
        tabIndex={0}
        role="group"
        aria-label={`Page ${pageNumber} of the PDF`}
        className="min-h-0 flex-1 overflow-auto p-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {load.state === 'loading' ? (
          <p role="status" className="p-4 text-sm text-slate-700">
            Loading the PDF…
          </p>
        ) : null}
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Page ${pageNumber} of ${pages || '…'} of the PDF of “${title}”`}
          className={`mx-auto block bg-white shadow ${load.state === 'ready' ? '' : 'hidden'}`}
        />
      </div>
    </section>
  );
}
