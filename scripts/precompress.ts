// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built web app,
// so the server sends them as they are (docs/decisions/013-static-assets.md):
//   node scripts/precompress.ts apps/web/dist   (run by `npm run build -w @caresuite/web`)
// Compressing once at build time lets us use the slowest, smallest settings (brotli quality 11,
// gzip level 9) at no cost per request, which on-the-fly compression could not afford.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// Below about one TCP packet compression saves no round trip, and the headers cost more than it saves.
const MIN_BYTES = 1024;

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

const dir = process.argv[2];
if (!dir) {
  console.error("usage: precompress.ts <dist folder>");
  process.exit(2);
}
let raw = 0;
let brotli = 0;
let gzip = 0;
let count = 0;
for (const path of filesBelow(dir).filter((p) => COMPRESSIBLE.test(p))) {
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < content.length) writeFileSync(`${path}.br`, br);
  if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  gzip += Math.min(gz.length, content.length);
  count += 1;
}
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`precompressed ${count} files: ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli`);
