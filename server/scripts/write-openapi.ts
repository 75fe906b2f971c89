import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { API_VERSION } from '../src/rest/docs';
import { openApiDocument } from '../src/rest/openapi';

/** Writes the OpenAPI document to a file (default server/dist/openapi.json), for linters and client generators. */
const target = process.argv[2] ?? 'server/dist/openapi.json';
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(openApiDocument({ version: API_VERSION }), null, 2)}\n`);
console.log(`Wrote ${target}`);
