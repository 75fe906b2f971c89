import { useCallback, useEffect, useState } from 'react';
import type { Schema } from '@contract/field-errors';

export interface ContractSchema<S extends Schema> {
  /** The schema once it has arrived, for what is checked as the partner types (a live preview). */
  schema: S | null;
  /** The schema, waiting for it if it has not arrived yet: what a submit checks before sending. */
  ready: () => Promise<S>;
}

/**
 * A contract schema loaded after the page has painted, so zod stays out of a dashboard's first
 * load (client/e2e/bundle-size.test.ts holds it at 150 KB). A form checks what it sends with
 * `await ready()`, never with a schema that may still be loading: nothing unchecked is sent,
 * however fast the partner presses Save.
 */
export function useContractSchema<S extends Schema>(load: () => Promise<S>): ContractSchema<S> {
  const [schema, setSchema] = useState<S | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => {
      if (live) setSchema(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [load]);
  // A module import is loaded once: a second call answers the same schema.
  const ready = useCallback(() => load(), [load]);
  return { schema, ready };
}
