// Writes .br and .gz beside every compressible built file, so the server sends them without work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? `${process.env.BUILD_DIR ?? 'build'}/client`;
const compressible = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;
let count = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      walk(full);
      continue;
    }
    if (!compressible.test(name)) continue;
    const body = readFileSync(full);
    if (body.length < 256) continue;
    writeFileSync(full + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(full + '.gz', gzipSync(body, { level: 9 }));
    count++;
  }
};
walk(root);
console.log(`compressed ${count} files in ${root}`);
