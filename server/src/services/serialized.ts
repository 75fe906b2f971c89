/**
 * Answers the engine serializes once per change: a procedure's result object is tied to its JSON
 * (encoded as UTF-8 once, so a request only copies bytes to the socket) and a tag, so the REST
 * layer sends it as it is (or 304 when the client has it).
 */
export interface Serialized {
  etag: string;
  /** The result's JSON, UTF-8. */
  body: Buffer;
}

const byResult = new WeakMap<object, Serialized>();

export function rememberSerialized(result: object, serialized: Serialized): void {
  byResult.set(result, serialized);
}

export function serializedOf(result: unknown): Serialized | undefined {
  return typeof result === 'object' && result !== null ? byResult.get(result) : undefined;
}
