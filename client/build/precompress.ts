import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files worth compressing; images and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this the compressed copy saves less than its headers (the server's threshold too). */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip level 9) beside every text file of
 * the build, once: the server sends them as they are (@fastify/static's preCompressed) instead
 * of compressing on each request. A copy that is not smaller than the file is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const path of filesUnder(dir)) {
    if (!TEXT_FILE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    files += 1;
    bytes += content.length;
    brotliBytes += Math.min(br.length, content.length);
  }
  return { files, bytes, brotliBytes };
}

/** The Vite plugin: precompresses the output directory after the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      this.info(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(1)} KB -> ${(brotliBytes / 1024).toFixed(1)} KB with Brotli (.br and .gz beside each)`,
      );
    },
  };
}
