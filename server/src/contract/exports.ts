import { z } from 'zod';

/** The CSV files for a spreadsheet (portfolio.exports; REST: /api/export/*.csv). */

export const csvOutput = z.string().describe('CSV text with a header row');
export type CsvOutput = z.infer<typeof csvOutput>;
