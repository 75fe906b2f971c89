/* global require, module */
// pnpm runs this file before it resolves, fetches or builds anything: on a Node.js older than the
// project needs, `pnpm install` stops here with one plain line (scripts/check-node.cjs) instead of
// a dozen engine warnings and a failed build. It changes nothing else.
require('./scripts/check-node.cjs');

module.exports = { hooks: {} };
