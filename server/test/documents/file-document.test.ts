import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documentAudience, documents, documentVersions } from '../../src/db/schema';
import { DomainError } from '../../src/contract/errors';
import { audienceOf, documentsAddressedTo } from '../../src/services/documents/documents';
import { fileDocument } from '../../src/services/documents/file';
import { sha256Hex } from '../../src/services/documents/pdf';
import { databaseKinds } from '../support/databases';
import { createHarness, type Harness } from '../support/harness';
import { pdfBytes } from './pdf-files';

/** fileDocument, as the upload and the portal's generated notices call it (docs/decisions/0020). */
describe.each(databaseKinds)('filing a document on %s', (kind) => {
  let h: Harness;
  let a: number;
  let b: number;
  let gp: number;

  beforeAll(async () => {
    h = await createHarness(kind);
    gp = await h.createUser({ email: 'gp-file@test.dev', role: 'GP' });
    a = await h.createUser({ email: 'lp-a-file@test.dev', role: 'LP' });
    b = await h.createUser({ email: 'lp-b-file@test.dev', role: 'LP' });
  });
  afterAll(() => h.close());

  const deps = () => ({ db: h.database.db, now: h.deps.now });

  it('stores the exact bytes with their SHA-256 and size, addresses and audits them', async () => {
    const bytes = await pdfBytes('K-1 for A');
    const { id } = await fileDocument(deps(), {
      title: 'K-1 2026',
      kind: 'tax',
      period: '2026',
      audience: { userIds: [a] },
      fileName: 'k1-2026.pdf',
      bytes,
      by: { id: gp, email: 'gp-file@test.dev' },
    });
    const [version] = await h.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    expect(Buffer.from(version!.content).equals(Buffer.from(bytes))).toBe(true);
    expect(version).toMatchObject({ version: 1, size: bytes.length, sha256: sha256Hex(bytes), fileName: 'k1-2026.pdf' });
    expect(await h.database.db.select().from(documentAudience).where(eq(documentAudience.documentId, id))).toEqual([
      { documentId: id, userId: a },
    ]);
    expect(await audienceOf(h.database.db, id)).toEqual([{ userId: a, email: 'lp-a-file@test.dev' }]);
    expect((await documentsAddressedTo(h.database.db, a)).map((d) => d.id)).toContain(id);
    expect((await documentsAddressedTo(h.database.db, b)).map((d) => d.id)).not.toContain(id);
    const audit = await h.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'document.file', entity: 'document', actorId: gp })]);
  });

  it('files a notice for all LPs as the system, inside the caller’s transaction', async () => {
    const bytes = await pdfBytes('Notice');
    const id = await h.database.db.transaction(async (tx) => {
      const filed = await fileDocument(
        { db: tx, now: h.deps.now },
        {
          title: 'Capital call notice',
          kind: 'notice',
          period: '2026-Q3',
          audience: { all: true },
          fileName: 'capital-call.pdf',
          bytes,
          by: { id: null, email: 'system' },
        },
      );
      return filed.id;
    });
    const [doc] = await h.database.db.select().from(documents).where(eq(documents.id, id));
    expect(doc).toMatchObject({ allLps: true, createdBy: null });
    expect((await audienceOf(h.database.db, id)).map((r) => r.userId).sort()).toEqual([a, b].sort());
  });

  it('leaves nothing behind when the caller’s transaction fails', async () => {
    const before = await h.database.db.select({ id: documents.id }).from(documents);
    await expect(
      h.database.db.transaction(async (tx) => {
        await fileDocument(
          { db: tx, now: h.deps.now },
          {
            title: 'Rolled back',
            kind: 'notice',
            period: null,
            audience: { all: true },
            fileName: 'x.pdf',
            bytes: await pdfBytes('x'),
            by: { id: null, email: 'system' },
          },
        );
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await h.database.db.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
  });

  it('refuses what is not a PDF, a bad name, and a partner who is not an LP', async () => {
    const base = {
      title: 'Letter',
      kind: 'letter' as const,
      period: null,
      audience: { all: true } as const,
      fileName: 'letter.pdf',
      bytes: await pdfBytes('ok'),
      by: { id: gp, email: 'gp-file@test.dev' },
    };
    const refusal = (input: Partial<typeof base> | { audience: { userIds: number[] } }) =>
      fileDocument(deps(), { ...base, ...input }).then(
        () => 'filed',
        (e: unknown) => (e instanceof DomainError ? e.message : String(e)),
      );
    expect(await refusal({ bytes: new TextEncoder().encode('just text, renamed') })).toMatch(/not a PDF/);
    expect(await refusal({ bytes: new TextEncoder().encode('%PDF-1.7 but nothing else') })).toMatch(/could not be read/);
    expect(await refusal({ fileName: '<script>alert(1)</script>.pdf' })).toMatch(/HTML or script/);
    expect(await refusal({ fileName: '../etc/passwd.pdf' })).toMatch(/cannot contain/);
    expect(await refusal({ fileName: 'report.txt' })).toMatch(/must end in \.pdf/);
    expect(await refusal({ fileName: 'in\u202Efdp.exe.pdf' })).toMatch(/direction/);
    expect(await refusal({ audience: { userIds: [gp] } })).toBe(`There is no limited partner with id ${gp}.`);
  });
});
