import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below a packet, compressing saves nothing worth a second file. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes a `.br` (brotli, maximum quality) and a `.gz` twin beside every text file of the
 * build, once everything else (the service worker included) is written: the server picks one
 * by Accept-Encoding (server/src/platform/client.ts) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bourse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const writes: Promise<void>[] = [];
        for await (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          writes.push(
            readFile(file).then(async (content) => {
              if (content.length < MIN_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
                gzipAsync(content, { level: 9 }),
              ]);
              await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
            }),
          );
        }
        await Promise.all(writes);
      },
    },
  };
}
