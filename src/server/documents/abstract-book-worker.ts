// The worker thread that draws an abstract book (decision 0073), started by abstract-book-in-worker.ts for each book
// made in the background: the server's event loop keeps answering meanwhile, and the thread's heap is bounded. It asks
// the parent for each batch of papers (the parent reads the database), tells the progress, answers the PDF and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { renderAbstractBookPdf, type AbstractBookDocument, type BookPaper } from './abstract-book-pdf';

type Data = Omit<AbstractBookDocument, 'loadPapers' | 'onProgress' | 'generatedAt'> & { generatedAt: string };
type Answer = { type: 'papers'; request: number; papers: [string, BookPaper][] };

const port = parentPort!;
const waiting = new Map<number, (papers: Map<string, BookPaper>) => void>();
let next = 0;
port.on('message', (m: Answer) => {
  if (m.type !== 'papers') return;
  waiting.get(m.request)?.(new Map(m.papers));
  waiting.delete(m.request);
});

const data = workerData as Data;
renderAbstractBookPdf({
  ...data,
  generatedAt: new Date(data.generatedAt),
  loadPapers: (ids) =>
    new Promise((resolve) => {
      const request = next++;
      waiting.set(request, resolve);
      port.postMessage({ type: 'load', request, ids });
    }),
  onProgress: (done, total) => port.postMessage({ type: 'progress', done, total }),
})
  .then((bytes) => {
    port.postMessage({ type: 'done', bytes }, [bytes.buffer as ArrayBuffer]);
    port.close();
  })
  .catch((err: unknown) => {
    port.postMessage({ type: 'failed', error: (err as Error).message });
    port.close();
  });
