/**
 * Broker imports' limits and formats (docs/imports.md), without zod, so the Import page shows them
 * without loading a schema.
 */
export const IMPORT_FORMATS = ['generic', 'ibkr', 'schwab'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  generic: 'Generic CSV',
  ibkr: 'Interactive Brokers Flex Query',
  schwab: 'Charles Schwab transactions',
};

/** The largest file taken, in bytes: 20 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most lines one file may have. */
export const IMPORT_MAX_LINES = 50_000;
/** The largest request body of the import paths: the file as JSON text (quotes escaped) with room. */
export const IMPORT_BODY_LIMIT = 45 * 1024 * 1024;

export const IMPORT_TOO_LARGE = 'The file is larger than 20 MB. Split it into smaller files (by date) and import each.';

/** The generic format's columns, in order (docs/imports.md). */
export const GENERIC_COLUMNS = ['date', 'kind', 'symbol', 'asset_type', 'quantity', 'price', 'fee', 'amount', 'note'] as const;
