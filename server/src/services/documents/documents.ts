import { and, asc, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { documentAudience, documentReads, documents, documentVersions, users } from '../../db/schema';
import type { Role } from '../../contract/roles';
import type {
  DocumentOutput,
  DocumentReceipt,
  DocumentsOutput,
  DocumentSummary,
  ListDocumentsInput,
  ReceiptsOutput,
} from '../../contract/documents';
import { documentYear } from '../../contract/document-rules';
import { fail } from '../../platform/errors';
import type { Download } from '../capital/downloads';
import { sha256Hex } from './pdf';

/**
 * Reading the partners' documents (docs/product.md "Documents", docs/decisions/0020). A limited
 * partner reaches only the documents addressed to them and not withdrawn; any other id is the same
 * 404 as a missing one. A GP reaches every document, its versions and its read receipts.
 */

export interface DocumentsDeps {
  db: Queryable;
  now: () => Date;
  /** Where a file that fails its integrity check is reported. */
  log: { warn(fields: object, message: string): void };
}

export interface Reader {
  id: number;
  role: Role;
}

export const NO_DOCUMENT = 'There is no document with that id.';
export const INTEGRITY_FAILED =
  'This file did not pass its integrity check, so it was not sent. The firm has been told; please try again later or ask the firm for a copy.';

/** The documents a limited partner may see: addressed to them (or to all LPs) and not withdrawn. */
export function addressedTo(userId: number): SQL {
  return and(
    isNull(documents.withdrawnAt),
    or(
      eq(documents.allLps, true),
      exists(
        sql`(select 1 from ${documentAudience} where ${documentAudience.documentId} = ${documents.id} and ${documentAudience.userId} = ${userId})`,
      ),
    ),
  ) as SQL;
}

/** Who may see a document, as the reader's role allows. */
function visibleTo(reader: Reader): SQL | undefined {
  return reader.role === 'GP' ? undefined : addressedTo(reader.id);
}

const iso = (d: Date) => d.toISOString();

/** The ids of the documents addressed to a partner, newest first (withdrawn ones left out). */
export async function documentsAddressedTo(db: Queryable, userId: number): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(addressedTo(userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** Everyone a document is for: every LP when it is for all, else those chosen (each still an LP). */
export async function audienceOf(db: Queryable, documentId: number): Promise<{ userId: number; email: string }[]> {
  const [doc] = await db.select({ allLps: documents.allLps }).from(documents).where(eq(documents.id, documentId));
  if (!doc) throw fail.notFound(NO_DOCUMENT);
  const rows = doc.allLps
    ? await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.role, 'LP')).orderBy(asc(users.id))
    : await db
        .select({ userId: users.id, email: users.email })
        .from(documentAudience)
        .innerJoin(users, eq(users.id, documentAudience.userId))
        .where(and(eq(documentAudience.documentId, documentId), eq(users.role, 'LP')))
        .orderBy(asc(users.id));
  return rows;
}

const LP_COUNT = sql<number>`(select count(*)::int from ${users} where ${users.role} = 'LP')`;
const CHOSEN_COUNT = sql<number>`(select count(*)::int from ${documentAudience} where ${documentAudience.documentId} = ${documents.id})`;
const OPENED_COUNT = sql<number>`(select count(*)::int from ${documentReads} where ${documentReads.documentId} = ${documents.id})`;

async function summaries(deps: DocumentsDeps, reader: Reader, where: SQL | undefined): Promise<DocumentSummary[]> {
  const gp = reader.role === 'GP';
  const rows = await deps.db
    .select({
      id: documents.id,
      title: documents.title,
      kind: documents.kind,
      period: documents.period,
      allLps: documents.allLps,
      version: documents.version,
      createdAt: documents.createdAt,
      withdrawnAt: documents.withdrawnAt,
      fileName: documentVersions.fileName,
      size: documentVersions.size,
      sha256: documentVersions.sha256,
      uploadedAt: documentVersions.uploadedAt,
      openedAt: documentReads.lastOpenedAt,
      audienceSize: gp ? sql<number>`case when ${documents.allLps} then ${LP_COUNT} else ${CHOSEN_COUNT} end` : sql<null>`null`,
      openedCount: gp ? OPENED_COUNT : sql<null>`null`,
    })
    .from(documents)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.version)))
    .leftJoin(documentReads, and(eq(documentReads.documentId, documents.id), eq(documentReads.userId, reader.id)))
    .where(and(visibleTo(reader), where))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map((r) => {
    const filedAt = iso(r.createdAt);
    return {
      id: r.id,
      title: r.title,
      kind: r.kind,
      period: r.period,
      year: documentYear(r.period, filedAt),
      filed_at: filedAt,
      updated_at: iso(r.uploadedAt),
      version: r.version,
      file_name: r.fileName,
      size: r.size,
      sha256: r.sha256,
      opened_at: gp || !r.openedAt ? null : iso(r.openedAt),
      unread: !gp && (!r.openedAt || r.openedAt < r.uploadedAt),
      all_lps: r.allLps,
      audience_size: gp ? Number(r.audienceSize) : null,
      opened_count: gp ? Number(r.openedCount) : null,
      withdrawn_at: gp && r.withdrawnAt ? iso(r.withdrawnAt) : null,
    };
  });
}

/** GET /api/documents: an LP's own documents, or (GP) every document with its receipts' count; newest first. */
export async function listDocuments(deps: DocumentsDeps, reader: Reader, filter: ListDocumentsInput): Promise<DocumentsOutput> {
  const list = await summaries(deps, reader, filter.kind ? eq(documents.kind, filter.kind) : undefined);
  return { documents: filter.year === undefined ? list : list.filter((d) => d.year === filter.year) };
}

/** Every partner a document is for, with when they first and last opened it (never: null). */
export async function receiptsOf(deps: DocumentsDeps, documentId: number): Promise<DocumentReceipt[]> {
  const audience = await audienceOf(deps.db, documentId);
  const reads = await deps.db
    .select({
      userId: documentReads.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      first: documentReads.firstOpenedAt,
      last: documentReads.lastOpenedAt,
      opens: documentReads.opens,
    })
    .from(documentReads)
    .innerJoin(users, eq(users.id, documentReads.userId))
    .where(eq(documentReads.documentId, documentId));
  const readBy = new Map(reads.map((r) => [r.userId, r]));
  const names = new Map(
    (
      await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.role, 'LP'))
    ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  const receipts: DocumentReceipt[] = audience.map((a) => {
    const read = readBy.get(a.userId);
    return {
      user_id: a.userId,
      email: a.email,
      name: names.get(a.userId) ?? a.email,
      first_opened_at: read ? iso(read.first) : null,
      last_opened_at: read ? iso(read.last) : null,
      opens: read?.opens ?? 0,
    };
  });
  // Opened first (most recent first), then those who have not opened it, by name.
  return receipts.sort((a, b) =>
    a.last_opened_at && b.last_opened_at
      ? b.last_opened_at.localeCompare(a.last_opened_at)
      : a.last_opened_at
        ? -1
        : b.last_opened_at
          ? 1
          : a.name.localeCompare(b.name),
  );
}

/** GET /api/documents/:id/receipts (GP). */
export async function documentReceipts(deps: DocumentsDeps, documentId: number): Promise<ReceiptsOutput> {
  return { receipts: await receiptsOf(deps, documentId) };
}

/** GET /api/documents/:id: the document; for a GP also its versions and receipts. */
export async function documentDetail(deps: DocumentsDeps, reader: Reader, documentId: number): Promise<DocumentOutput> {
  const [document] = await summaries(deps, reader, eq(documents.id, documentId));
  if (!document) throw fail.notFound(NO_DOCUMENT);
  if (reader.role !== 'GP') return { document, versions: null, receipts: null };
  const versions = await deps.db
    .select({
      version: documentVersions.version,
      fileName: documentVersions.fileName,
      size: documentVersions.size,
      sha256: documentVersions.sha256,
      uploadedAt: documentVersions.uploadedAt,
      uploadedBy: documentVersions.uploadedByEmail,
    })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
  return {
    document,
    versions: versions.map((v) => ({
      version: v.version,
      file_name: v.fileName,
      size: v.size,
      sha256: v.sha256,
      uploaded_at: iso(v.uploadedAt),
      uploaded_by: v.uploadedBy,
    })),
    receipts: await receiptsOf(deps, documentId),
  };
}

/**
 * GET /api/documents/:id/file: the current version's exact bytes, checked against their SHA-256 and
 * size first. A limited partner's download is their read receipt (first and last opened, count).
 */
export async function downloadDocument(deps: DocumentsDeps, reader: Reader, documentId: number): Promise<Download> {
  const [file] = await deps.db
    .select({
      fileName: documentVersions.fileName,
      content: documentVersions.content,
      sha256: documentVersions.sha256,
      size: documentVersions.size,
      version: documentVersions.version,
    })
    .from(documents)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.version)))
    .where(and(eq(documents.id, documentId), visibleTo(reader)));
  if (!file) throw fail.notFound(NO_DOCUMENT);
  const bytes = file.content;
  if (bytes.length !== file.size || sha256Hex(bytes) !== file.sha256) {
    deps.log.warn(
      { documentId, version: file.version, expectedSize: file.size, size: bytes.length },
      'a document file failed its integrity check (SHA-256 or size) and was not served',
    );
    throw fail.conflict(INTEGRITY_FAILED);
  }
  if (reader.role === 'LP') {
    const at = deps.now();
    await deps.db
      .insert(documentReads)
      .values({ documentId, userId: reader.id, firstOpenedAt: at, lastOpenedAt: at, opens: 1 })
      .onConflictDoUpdate({
        target: [documentReads.documentId, documentReads.userId],
        set: { lastOpenedAt: at, opens: sql`${documentReads.opens} + 1` },
      });
  }
  return {
    fileName: file.fileName,
    contentType: 'application/pdf',
    encoding: 'base64',
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  };
}
