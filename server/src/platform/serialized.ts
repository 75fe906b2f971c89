import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Answers the engine serializes once per change: a procedure's result object is tied to its JSON
 * (encoded as UTF-8 once, so a request only copies bytes to the socket) and a tag, so the REST
 * layer sends it as it is (or 304 when the client has it). Compressed copies are made once too,
 * the first time a client asks for one.
 */
export interface Serialized {
  etag: string;
  /** The result's JSON, UTF-8. */
  body: Buffer;
}

export type Encoding = 'br' | 'gzip';

const byResult = new WeakMap<object, Serialized>();
const compressed = new WeakMap<Serialized, Partial<Record<Encoding, Buffer>>>();

export function rememberSerialized(result: object, serialized: Serialized): void {
  byResult.set(result, serialized);
}

export function serializedOf(result: unknown): Serialized | undefined {
  return typeof result === 'object' && result !== null ? byResult.get(result) : undefined;
}

/** The body compressed with `encoding`, made on first use and kept as long as the answer is. */
export function compressedBody(serialized: Serialized, encoding: Encoding): Buffer {
  let copies = compressed.get(serialized);
  if (!copies) compressed.set(serialized, (copies = {}));
  return (copies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(serialized.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: serialized.body.length },
        })
      : gzipSync(serialized.body, { level: 6 }));
}

/** The encoding to answer in from an Accept-Encoding header: Brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}
