import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Below this a compressed answer saves less than its headers and the CPU cost: sent as it is. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli (preferred) or gzip for every text answer the client accepts: JSON of the API and tRPC,
 * pages, and any asset without a precompressed copy. Dynamic answers use Brotli quality 4, fast
 * enough per request; the built client's files are compressed once at build (quality 11) and
 * served as they are by the static plugin. A request without Accept-Encoding (autocannon, curl)
 * only pays the header check.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // The API takes plain JSON bodies only, as before.
    globalDecompression: false,
  });
}
