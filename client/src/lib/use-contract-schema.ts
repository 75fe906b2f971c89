import { useEffect, useState } from 'react';
import type { Schema } from '@contract/field-errors';

/**
 * A contract schema loaded after the page has painted, so zod stays out of a dashboard's first
 * load (client/e2e/bundle-size.test.ts holds it at 150 KB). Null until it has arrived, which is
 * before anyone can fill a form in; a form sent before then is checked by the server alone, with
 * the same schema and messages.
 */
export function useContractSchema<S extends Schema>(load: () => Promise<S>): S | null {
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
  return schema;
}
