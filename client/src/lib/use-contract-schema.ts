import { useCallback, useEffect, useState } from 'react';
import type { Schema } from '@contract/field-errors';

export interface ContractSchema<S extends Schema> {
  /** The schema once it has arrived, for what is checked as the partner types (a live preview). */
  schema: S | null;
  /** The schema, waiting for it if it has not arrived yet: what a submit checks before sending. */
  ready: () => Promise<S>;
}

let interaction: Promise<void> | null = null;

/** Settles at the partner's first press, key or focus on the page (at once if there was one already). */
function firstInteraction(): Promise<void> {
  interaction ??= new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const done = () => {
      for (const event of events) document.removeEventListener(event, done, true);
      resolve();
    };
    for (const event of events) document.addEventListener(event, done, { capture: true, passive: true });
  });
  return interaction;
}

/**
 * A contract schema loaded once the partner first does something on the page (a press, a key, a
 * focus), so zod stays out of what a dashboard loads to be read (client/e2e/bundle-size.test.ts
 * holds that at 150 KB). A form checks what it sends with `await ready()`, never with a schema
 * that may still be loading: nothing unchecked is sent, however fast the partner presses Save.
 */
export function useContractSchema<S extends Schema>(load: () => Promise<S>): ContractSchema<S> {
  const [schema, setSchema] = useState<S | null>(null);
  useEffect(() => {
    let live = true;
    void firstInteraction()
      .then(load)
      .then((loaded) => {
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
