/**
 * The layers, enforced: each folder names what it must not import. A file gets one rule (ESLint
 * keeps the last setting of a rule), so a sub-folder's list includes its parent's.
 */
const rule = (groups, message, extra = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: groups, message }], ...extra }],
});
const ROUTERS = ['**/routers', '**/routers/**'];
const TRANSPORT = [...ROUTERS, '**/trpc/**', '**/rest/**', '**/http/**', 'fastify', '@fastify/*', '@trpc/*'];
/** The server never imports the browser's code: what both need (the firm's identity) is in contract/. */
const SERVER_TO_CLIENT = ['**/client/**'];
const NO_CLIENT = 'The server imports nothing from client/: what both need lives in server/src/contract/.';
const CLIENT_TO_SERVER = ['**/server/src/**'];
const ROUTER_TYPE_ONLY = {
  paths: [{ name: '@server/router', allowTypeImports: true, message: 'Only the AppRouter type crosses to the client.' }],
};
/** A server folder's rule: its own list, and never the client. */
const serverRule = (groups, message) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: groups, message },
        { group: SERVER_TO_CLIENT, message: NO_CLIENT },
      ],
    },
  ],
});
const clientRule = (more, message) =>
  rule(
    [...CLIENT_TO_SERVER, ...more],
    `${message} The client reaches the server only through @contract/*, @domain/* and the type @server/router.`,
    ROUTER_TYPE_ONLY,
  );

export const boundaries = [
  // Every server file first; a folder below names its own list and keeps this one (serverRule).
  { files: ['server/src/**', 'server/scripts/**'], rules: rule(SERVER_TO_CLIENT, NO_CLIENT) },
  {
    files: ['server/src/domain/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/platform/**', '**/services/**', ...TRANSPORT, 'node:*'],
              message: 'domain/ is pure computation: it imports only domain/ and libraries.',
            },
            { group: SERVER_TO_CLIENT, message: NO_CLIENT },
            {
              group: ['**/contract/**'],
              allowTypeImports: true,
              message: "domain/ may name the contract's types, not run its code (the contract builds on domain/).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/contract/**'],
    rules: serverRule(
      ['**/db/**', '**/platform/**', '**/services/**', ...TRANSPORT, 'node:*'],
      'contract/ is shared with the browser: it imports only contract/, domain/ and zod.',
    ),
  },
  {
    files: ['server/src/db/**'],
    rules: serverRule(['**/platform/**', '**/services/**', ...TRANSPORT], 'db/ is storage: it calls no service and knows no transport.'),
  },
  {
    files: ['server/src/platform/**'],
    rules: serverRule(
      ['**/services/**', ...TRANSPORT],
      'platform/ is machinery (mail, rate limits, queues, workers, caches) that features use: it imports no feature and no transport.',
    ),
  },
  {
    files: ['server/src/services/**'],
    rules: serverRule(TRANSPORT, 'services/ know no transport: they throw DomainError (fail.*), and the tRPC layer maps it.'),
  },
  {
    files: ['server/src/routers/**'],
    rules: serverRule(
      ['**/db/**', '**/rest/**', '**/http/**'],
      'routers/ bind contract inputs to services; storage goes through services.',
    ),
  },
  {
    files: ['server/src/trpc/**'],
    rules: serverRule(
      [...ROUTERS, '**/rest/**'],
      'trpc/ is the plumbing (context, procedures, errors): the routers build on it, so it imports none of them.',
    ),
  },
  { files: ['client/**'], rules: clientRule([], 'Client code:') },
  {
    files: ['client/src/api/**'],
    rules: clientRule(['**/components/**', '**/pages/**'], 'api/ is the transport: it imports no component or page.'),
  },
  {
    files: ['client/src/lib/**'],
    rules: clientRule(['**/api/**', '**/components/**', '**/pages/**'], 'lib/ is plain helpers: no api, component or page.'),
  },
  { files: ['client/src/components/**'], rules: clientRule(['**/pages/**'], 'components/ are shared by pages and import none.') },
];
