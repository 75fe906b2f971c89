import { fileURLToPath } from 'node:url';

/**
 * What the client may import from the server's folder, by name: the contract (schemas, rules,
 * messages, roles) and the pure domain (money, dates). The same names are in client/tsconfig.json's
 * paths; the lint rules (eslint.config.js) keep every other server folder out of the client.
 */
export const serverAliases = {
  '@contract': fileURLToPath(new URL('../../server/src/contract', import.meta.url)),
  '@domain': fileURLToPath(new URL('../../server/src/domain', import.meta.url)),
};
