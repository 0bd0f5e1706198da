// 50 concurrent paper submissions of large PDFs to a server in its own process, sampling its RSS every
// 50 ms: streaming means the growth does not depend on the file size.
// Run alone: node --import tsx bench/uploads.ts   (BENCH_UPLOAD_MB=10,19 to choose the sizes)
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { multipart, pdfBytes } from '../tests/support/multipart';
import { jsonBody, request } from './lib/http';
import { sampleRss, startServer } from './lib/server';
import { ensureWebDir, fmt, printMachine, printTable, runBench, sleep, verdict } from './lib/util';

const CONCURRENT = 50;
const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? '1,10,19').split(',').map(Number);
const TARGET_GROWTH_MB = 150;

async function submissionBody(label: string, mb: number) {
  return multipart([
    ['title', `Upload bench ${label}`],
    ['abstract', 'Measuring streamed uploads.'],
    ['keywords', 'AI'],
    ['file', pdfBytes(label, Math.round(mb * 1024 * 1024)), `${label}.pdf`],
  ]);
}

runBench(`uploads: ${CONCURRENT} concurrent submissions`, async () => {
  printMachine();
  const server = await startServer({ webDir: ensureWebDir(), env: { MAX_UPLOAD_MB: '20' } });
  const password = 'upload-bench-password';
  const signup = jsonBody({
    name: 'Upload Bench',
    email: 'upload.bench@example.org',
    password,
    confirmPassword: password,
    role: 'Author',
    tags: [],
  });
  const res = await request(`${server.url}/api/signup`, { method: 'POST', ...signup });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${res.body}`);
  const auth = { authorization: `Bearer ${JSON.parse(res.body.toString()).token}` };
  // Each submission from a loopback address of its own: authors submit from their own places, and one address runs
  // only a quarter of the upload turns (decision 0057).
  const agents = Array.from({ length: CONCURRENT }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  let next = 0;
  const submit = async (body: { payload: Buffer; contentType: string }) => {
    const i = next++ % CONCURRENT;
    return request(`${server.url}/api/author/new-paper`, {
      method: 'POST',
      agent: agents[i],
      from: `127.0.1.${i + 1}`,
      body: body.payload,
      headers: { ...auth, 'content-type': body.contentType },
      timeoutMs: 300_000,
    }).catch((err: Error) => ({ status: 0, ms: 0, body: Buffer.from(err.message), headers: {} }));
  };

  const rows: Array<Array<string | number>> = [];
  for (const mb of SIZES_MB) {
    const bodies = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => submissionBody(`u${mb}-${i}-${Date.now()}`, mb)));
    // One submission first, so code loaded on first use is not counted as growth.
    const warm = await submit(await submissionBody(`warm-${mb}-${Date.now()}`, mb));
    if (warm.status !== 201) throw new Error(`warm-up submission: ${warm.status} ${warm.body}`);
    await sleep(1000);
    const baseline = server.rssMb();
    const sampler = sampleRss(server, 50);
    const started = performance.now();
    const results = await Promise.all(bodies.map(submit));
    const seconds = (performance.now() - started) / 1000;
    const samples = sampler.stop();
    const peak = Math.max(...samples);
    const ok = results.filter((r) => r.status === 201).length;
    const errors = CONCURRENT - ok;
    const statuses = [...new Set(results.filter((r) => r.status !== 201).map((r) => r.status))].join(',');
    const growth = peak - baseline;
    const totalMb = bodies.reduce((n, b) => n + b.payload.length, 0) / 1024 / 1024;
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    rows.push([
      `${mb} MB`,
      `${ok}/${CONCURRENT}`,
      errors ? `${errors} (${statuses})` : '0',
      fmt(seconds, 1),
      fmt(totalMb / seconds, 0),
      fmt(ok / seconds, 1),
      fmt(times[times.length - 1]! / 1000, 1),
      fmt(baseline, 0),
      fmt(peak, 0),
      fmt(growth, 0),
      samples.length,
      verdict(growth < TARGET_GROWTH_MB && errors === 0),
    ]);
    if (errors)
      console.log(
        `first error: ${results
          .find((r) => r.status !== 201)
          ?.body.toString()
          .slice(0, 300)}`,
      );
  }
  printTable(
    [
      'PDF size',
      '201s',
      'errors',
      'wall s',
      'MB/s',
      'papers/s',
      'slowest s',
      'RSS before MB',
      'RSS peak MB',
      'growth MB',
      'RSS samples',
      `growth < ${TARGET_GROWTH_MB} MB, 0 errors`,
    ],
    rows,
  );
});
