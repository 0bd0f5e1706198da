// The worker thread that reads one imported publications file (decision 0076), started by run.ts for each import
// with limits on its heap and time, so a large or hostile file costs that worker, not the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { parsePublicationsFile } from './detect';
import { PublicationFileError } from './entry';

const { bytes } = workerData as { bytes: Uint8Array };
try {
  parentPort!.postMessage({ ok: true, parsed: parsePublicationsFile(bytes) });
} catch (err) {
  parentPort!.postMessage(err instanceof PublicationFileError ? { ok: false, message: err.message } : { ok: false, message: null });
}
