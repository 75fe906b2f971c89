import { z } from 'zod';

/** How an LP hears of new documents (docs/decisions/0021): an e-mail each, or a weekly digest. */
export const DOCUMENT_MAIL_MODES = ['immediate', 'digest'] as const;
export type DocumentMailMode = (typeof DOCUMENT_MAIL_MODES)[number];

const mode = z.enum(DOCUMENT_MAIL_MODES, { error: 'mode must be "immediate" or "digest".' });

export const documentMailInput = z.strictObject({ mode });
export type DocumentMailInput = z.infer<typeof documentMailInput>;

export const documentMailOutput = z.object({ mode: z.enum(DOCUMENT_MAIL_MODES) });
export type DocumentMailOutput = z.infer<typeof documentMailOutput>;

export const documentMailSaved = documentMailOutput.extend({ message: z.string() });
export type DocumentMailSaved = z.infer<typeof documentMailSaved>;
