import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { documentAudience, documents, documentVersions, users } from '../../db/schema';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  fileNameProblem,
  PERIOD_MESSAGE,
  PERIOD_RULE,
  type DocumentKind,
} from '../../contract/document-rules';
import { hasControlCharacters, hasDirectionOverrides } from '../../domain/text';
import { recordAudit } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { checkPdf, sha256Hex } from './pdf';
import { queueDocumentMail } from '../notices/document-mail';

/**
 * Filing a document for limited partners (docs/product.md "Documents", docs/decisions/0020): the
 * file is checked (a real PDF of at most 25 MB with a safe name), stored in the database with its
 * SHA-256 and size, addressed to all LPs or to chosen ones, and audited, in one transaction.
 */

export interface FileDeps {
  /** The database, or the caller's own transaction (a generated notice filed with the rest of its work). */
  db: Queryable;
  now: () => Date;
}

/** Who files: a GP, or the portal itself (id null, e-mail 'system') for a notice it generates. */
export interface Filer {
  id: number | null;
  email: string;
}

export type DocumentAudience = { all: true } | { userIds: number[] };

export interface FileDocumentInput {
  title: string;
  kind: DocumentKind;
  period: string | null;
  audience: DocumentAudience;
  fileName: string;
  bytes: Uint8Array;
  by: Filer;
}

/** The file's checks, shared by filing and replacing: its name, then its content. */
async function checkedFile(fileName: string, bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
  const problem = fileNameProblem(fileName);
  if (problem) throw fail.badRequest(problem);
  await checkPdf(bytes);
  return { sha256: sha256Hex(bytes), size: bytes.length };
}

/** The same bounds the upload's schema has (contract/documents.ts), for callers inside the server. */
function checkFields(input: Pick<FileDocumentInput, 'title' | 'kind' | 'period'>): void {
  const title = input.title.trim();
  if (title === '') throw fail.badRequest('Title is required.');
  if (title.length > DOCUMENT_LIMITS.title) throw fail.badRequest(`Title is too long (at most ${DOCUMENT_LIMITS.title} characters).`);
  if (hasControlCharacters(title) || hasDirectionOverrides(title)) throw fail.badRequest('Title cannot contain control characters.');
  if (!DOCUMENT_KINDS.includes(input.kind)) throw fail.badRequest('Kind must be one of tax, statement, letter, notice or other.');
  if (input.period !== null && !PERIOD_RULE.test(input.period)) throw fail.badRequest(PERIOD_MESSAGE);
}

/** The chosen partners, each an existing LP; an id that is not one is refused by name. */
async function chosenPartners(db: Queryable, userIds: number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) throw fail.badRequest('Choose at least one partner, or send it to all LPs.');
  if (ids.length > DOCUMENT_LIMITS.audience) throw fail.badRequest(`At most ${DOCUMENT_LIMITS.audience} partners can be chosen.`);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'LP')));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw fail.badRequest(`There is no limited partner with id ${missing}.`);
  return ids;
}

/**
 * Files a document: checks it, stores its first version, addresses it and audits it. Runs in a
 * transaction of its own, or as a savepoint of the caller's when deps.db is a transaction.
 */
export async function fileDocument(deps: FileDeps, input: FileDocumentInput): Promise<{ id: number }> {
  checkFields(input);
  const file = await checkedFile(input.fileName, input.bytes);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const audience = 'all' in input.audience ? null : await chosenPartners(tx, input.audience.userIds);
    const [doc] = await tx
      .insert(documents)
      .values({
        title: input.title.trim(),
        kind: input.kind,
        period: input.period,
        allLps: audience === null,
        version: 1,
        createdBy: input.by.id,
        createdAt: at,
      })
      .returning({ id: documents.id });
    if (!doc) throw new Error('The document was not stored');
    await storeVersion(tx, doc.id, 1, input, file, at);
    if (audience) await tx.insert(documentAudience).values(audience.map((userId) => ({ documentId: doc.id, userId })));
    // Its partners' e-mail is owed exactly when the document exists (docs/decisions/0021).
    await queueDocumentMail(tx, doc.id, audience, at);
    await recordAudit(tx, input.by, at, [
      {
        action: 'document.file',
        entity: 'document',
        entityId: doc.id,
        after: {
          title: input.title.trim(),
          kind: input.kind,
          period: input.period,
          audience: audience === null ? 'all LPs' : audience,
          file_name: input.fileName,
          size: file.size,
          sha256: file.sha256,
        },
      },
    ]);
    return { id: doc.id };
  });
}

/** One stored version of a document's file. */
function storeVersion(
  tx: Queryable,
  documentId: number,
  version: number,
  input: { fileName: string; bytes: Uint8Array; by: Filer },
  file: { sha256: string; size: number },
  at: Date,
) {
  return tx.insert(documentVersions).values({
    documentId,
    version,
    fileName: input.fileName,
    content: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    sha256: file.sha256,
    size: file.size,
    uploadedBy: input.by.id,
    uploadedByEmail: input.by.email,
    uploadedAt: at,
  });
}

/** A document row locked for a change, or 404. */
async function lockedDocument(tx: Queryable, id: number) {
  const [doc] = await tx
    .select({ id: documents.id, title: documents.title, version: documents.version, withdrawnAt: documents.withdrawnAt })
    .from(documents)
    .where(eq(documents.id, id))
    .for('update');
  if (!doc) throw fail.notFound('There is no document with that id.');
  return doc;
}

/** A GP's new file for a document: a new version, the older ones kept; refused once it is withdrawn. */
export async function replaceDocumentFile(
  deps: FileDeps,
  input: { id: number; fileName: string; bytes: Uint8Array; by: Filer },
): Promise<{ id: number; version: number }> {
  // A missing document is said before the file is looked at.
  const [exists] = await deps.db.select({ id: documents.id }).from(documents).where(eq(documents.id, input.id));
  if (!exists) throw fail.notFound('There is no document with that id.');
  const file = await checkedFile(input.fileName, input.bytes);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const doc = await lockedDocument(tx, input.id);
    if (doc.withdrawnAt) throw fail.conflict('This document was withdrawn; its file cannot be replaced.');
    const version = doc.version + 1;
    await storeVersion(tx, doc.id, version, input, file, at);
    await tx.update(documents).set({ version }).where(eq(documents.id, doc.id));
    await recordAudit(tx, input.by, at, [
      {
        action: 'document.replace',
        entity: 'document',
        entityId: doc.id,
        before: { version: doc.version },
        after: { version, file_name: input.fileName, size: file.size, sha256: file.sha256 },
      },
    ]);
    return { id: doc.id, version };
  });
}

/** A GP withdraws a document: partners no longer see it (404), the record and its files are kept. */
export async function withdrawDocument(deps: FileDeps, input: { id: number; by: Filer }): Promise<{ id: number }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const doc = await lockedDocument(tx, input.id);
    if (doc.withdrawnAt) throw fail.conflict('This document was already withdrawn.');
    await tx.update(documents).set({ withdrawnAt: at, withdrawnBy: input.by.id }).where(eq(documents.id, doc.id));
    await recordAudit(tx, input.by, at, [
      { action: 'document.withdraw', entity: 'document', entityId: doc.id, before: { title: doc.title }, after: { withdrawn: true } },
    ]);
    return { id: doc.id };
  });
}
