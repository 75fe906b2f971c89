import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
const compressed = new WeakMap<Serialized, Partial<Record<Encoding, Promise<Buffer>>>>();
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function rememberSerialized(result: object, serialized: Serialized): void {
  byResult.set(result, serialized);
}

export function serializedOf(result: unknown): Serialized | undefined {
  return typeof result === 'object' && result !== null ? byResult.get(result) : undefined;
}

/** Texts answered lately (CSV files), by a hash of their content: the last few, each encoded and compressed once. */
const keptTexts = new Map<string, Serialized>();
const KEPT_TEXTS = 8;

/**
 * A text answer (a CSV file) as bytes with an ETag of its content, kept while it is among the last
 * few answered: the services keep their files per version of the books, and this keeps their bytes
 * and compressed copies, so each download of an unchanged 3.5 MB file costs a hash, not a Brotli
 * pass of its own.
 */
export function serializedText(text: string): Serialized {
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 27);
  let kept = keptTexts.get(hash);
  if (kept) {
    keptTexts.delete(hash);
  } else {
    kept = { etag: `"text-${hash}"`, body: Buffer.from(text) };
    if (keptTexts.size >= KEPT_TEXTS) keptTexts.delete(keptTexts.keys().next().value!);
  }
  keptTexts.set(hash, kept);
  return kept;
}

/**
 * From this size a kept answer is compressed at the fastest settings. Such an answer is made again
 * at every change of the books (the holdings of 20,000 lots after a sale: 6.8 MB), and its first
 * reader waits for the copy: there, Brotli quality 2 and gzip level 1 took 6 and 5 ms against 23
 * and 20 ms at 6, for 10% and 14% more bytes (docs/decisions/0022).
 */
export const LARGE_BODY_BYTES = 1_000_000;

/** Brotli quality and gzip level for a kept body of `bytes`. */
export function compressionLevel(bytes: number): { brotli: number; gzip: number } {
  return bytes >= LARGE_BODY_BYTES ? { brotli: 2, gzip: 1 } : { brotli: 6, gzip: 6 };
}

/**
 * The body compressed with `encoding`, made on first use and kept as long as the answer is. zlib's
 * thread pool does it: compressing the 6.7 MB holdings answer of 20,000 lots would hold the event
 * loop otherwise. Requests that come meanwhile wait for the same copy.
 */
export function compressedBody(serialized: Serialized, encoding: Encoding): Promise<Buffer> {
  let copies = compressed.get(serialized);
  if (!copies) compressed.set(serialized, (copies = {}));
  let copy = copies[encoding];
  if (!copy) {
    const level = compressionLevel(serialized.body.length);
    copy =
      encoding === 'br'
        ? brotli(serialized.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: level.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: serialized.body.length },
          })
        : gzipped(serialized.body, { level: level.gzip });
    copies[encoding] = copy;
    const kept = copies;
    // A failed compression is not kept: the next request tries again.
    copy.catch(() => {
      if (kept[encoding] === copy) delete kept[encoding];
    });
  }
  return copy;
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

/**
 * The serialized answers of one tRPC request (docs/decisions/0022): tRPC serializes the whole batch
 * with JSON.stringify, which would write a kept answer's JSON again on every call (4 MB for the
 * valuation at 20,000 lots). Each kept answer goes into the batch as a placeholder text instead, and
 * `splice` puts its bytes in its place afterwards. The placeholders carry a random per-process mark,
 * so no text of the books can be taken for one.
 */
const SLOT_MARK = `\u0001serialized-${randomBytes(12).toString('hex')}-`;

export class SerializedSlots {
  readonly answers: Serialized[] = [];

  /** The placeholder standing for `serialized` in the batch's JSON. */
  placeholder(serialized: Serialized): string {
    this.answers.push(serialized);
    return `${SLOT_MARK}${this.answers.length - 1}`;
  }

  /**
   * The batch's JSON text with each placeholder replaced by its answer's bytes, and a tag of the
   * whole (the text around the answers and their ETags), or null when the request kept none.
   */
  splice(text: string): { body: Buffer; etag: string } | null {
    if (this.answers.length === 0) return null;
    const quotedMark = JSON.stringify(SLOT_MARK).slice(0, -1);
    const parts: Buffer[] = [];
    const hash = createHash('sha256');
    let from = 0;
    for (;;) {
      const at = text.indexOf(quotedMark, from);
      if (at < 0) break;
      const end = text.indexOf('"', at + quotedMark.length);
      const answer = end < 0 ? undefined : this.answers[Number(text.slice(at + quotedMark.length, end))];
      if (!answer) throw new Error('a serialized answer’s placeholder was cut in the batch’s JSON');
      const before = text.slice(from, at);
      parts.push(Buffer.from(before), answer.body);
      hash.update(before).update(answer.etag);
      from = end + 1;
    }
    const rest = text.slice(from);
    parts.push(Buffer.from(rest));
    hash.update(rest);
    // Joined only when this batch is not kept already (keptBatch): 3.7 MB copied per request at L otherwise.
    let body: Buffer | undefined;
    return {
      etag: `"trpc-${hash.digest('base64url').slice(0, 27)}"`,
      get body() {
        return (body ??= Buffer.concat(parts));
      },
    };
  }
}

/**
 * Batch answers by tag: the same batch asked by every open dashboard is compressed once (by
 * `compressedBody`), not once per request. A few are kept, the oldest dropped first.
 */
const batches = new Map<string, Serialized>();
const MAX_BATCHES = 32;

export function keptBatch(spliced: { body: Buffer; etag: string }): Serialized {
  const kept = batches.get(spliced.etag);
  if (kept) return kept;
  if (batches.size >= MAX_BATCHES) batches.delete(batches.keys().next().value!);
  batches.set(spliced.etag, spliced);
  return spliced;
}
