/**
 * Answers the engine serializes once per change: a procedure's result object is tied to its JSON
 * text and a tag, so the REST layer sends the text as it is (or 304 when the client has it).
 */
export interface Serialized {
  etag: string;
  json: string;
}

const byResult = new WeakMap<object, Serialized>();

export function rememberSerialized(result: object, serialized: Serialized): void {
  byResult.set(result, serialized);
}

export function serializedOf(result: unknown): Serialized | undefined {
  return typeof result === 'object' && result !== null ? byResult.get(result) : undefined;
}
