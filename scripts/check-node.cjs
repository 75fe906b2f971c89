/* global require, process */
// Refuses, in one plain line, a Node.js older than package.json's engines.node: runs before
// `pnpm install` does anything (pnpm loads .pnpmfile.cjs first) and before `pnpm start` builds. It
// must run under any Node, so it is plain old JavaScript. `node scripts/check-node.cjs 20.20.2`
// checks that version instead of the running one (the tests do).
'use strict';

var wanted = require('../package.json').engines.node; // ">=22.19"
var need = wanted
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number);
var version = (process.argv[2] || process.versions.node).replace(/^v/, '');
var have = version.split('.').map(Number);

function older(a, b) {
  for (var i = 0; i < b.length; i++) {
    if ((a[i] || 0) !== b[i]) return (a[i] || 0) < b[i];
  }
  return false;
}

if (older(have, need)) {
  process.stderr.write('Node ' + need.join('.') + ' or newer is needed; you have ' + version + '; see README ("Start").\n');
  process.exit(1);
}
