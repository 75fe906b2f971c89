import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documentVersions } from '../../src/db/schema';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { base64, pdfBytes } from './pdf-files';

const sha256 = (bytes: Uint8Array | Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Listed {
  id: number;
  title: string;
  unread: boolean;
  opened_at: string | null;
  version: number;
  withdrawn_at: string | null;
  opened_count: number | null;
  audience_size: number | null;
}

/** docs/product.md "Documents" over REST: a GP files for one LP; only that LP reaches it (docs/decisions/0020). */
describe.each(databaseKinds)('documents over REST on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let k1: Uint8Array;
  let docId: number;

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-docs@test.dev', role: 'GP' });
    const aId = await h.createUser({ email: 'lp-a-docs@test.dev', role: 'LP', firstName: 'Ada', lastName: 'Alpha' });
    const bId = await h.createUser({ email: 'lp-b-docs@test.dev', role: 'LP', firstName: 'Bo', lastName: 'Beta' });
    gp = await h.login('gp-docs@test.dev', 'Passw0rd!');
    a = { id: aId, token: await h.login('lp-a-docs@test.dev', 'Passw0rd!') };
    b = { id: bId, token: await h.login('lp-b-docs@test.dev', 'Passw0rd!') };
    k1 = await pdfBytes('Schedule K-1 for Ada Alpha');
  });
  afterAll(() => h.close());

  const get = (url: string, token: string) => h.inject({ method: 'GET', url, headers: bearer(token) });
  const upload = (token: string, payload: object) => h.inject({ method: 'POST', url: '/api/documents', headers: bearer(token), payload });
  const upload1 = (over: object = {}) =>
    upload(gp, {
      title: 'Schedule K-1 2026',
      kind: 'tax',
      period: '2026',
      audience: { userIds: [a.id] },
      fileName: 'K-1 2026.pdf',
      content: base64(k1),
      ...over,
    });

  it('files a PDF for LP A only (201), and refuses an LP who tries (403)', async () => {
    const res = await upload1();
    expect(res.statusCode, res.body).toBe(201);
    docId = (res.json() as { id: number }).id;
    expect(res.json()).toMatchObject({ version: 1, message: expect.stringContaining('was filed') });
    const byLp = await upload(a.token, { title: 'Mine', kind: 'other', audience: { all: true }, fileName: 'x.pdf', content: base64(k1) });
    expect(byLp.statusCode).toBe(403);
  });

  it('lists it for A, unread; B sees an empty list', async () => {
    const listA = (await get('/api/documents', a.token)).json() as { documents: Listed[] };
    expect(listA.documents).toEqual([expect.objectContaining({ id: docId, title: 'Schedule K-1 2026', unread: true, opened_at: null })]);
    const listB = await get('/api/documents', b.token);
    expect(listB.statusCode).toBe(200);
    expect(listB.json()).toEqual({ documents: [] });
  });

  it('gives A the exact bytes uploaded, as an attachment', async () => {
    const res = await get(`/api/documents/${docId}/file`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="K-1 2026.pdf"');
    expect(sha256(res.rawPayload)).toBe(sha256(k1));
    expect(res.rawPayload.length).toBe(k1.length);
  });

  it('answers B with the same 404 as a missing id, by every path', async () => {
    const missing = docId + 1000;
    for (const suffix of ['', '/file']) {
      const theirs = await get(`/api/documents/${docId}${suffix}`, b.token);
      const none = await get(`/api/documents/${missing}${suffix}`, b.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(none.body);
      expect(theirs.json()).toEqual({ error: 'There is no document with that id.' });
    }
    expect((await get(`/api/documents/${docId}/receipts`, b.token)).statusCode).toBe(403);
  });

  it("shows A in the receipt after the download, and A's copy as read", async () => {
    const res = await get(`/api/documents/${docId}/receipts`, gp);
    expect(res.statusCode).toBe(200);
    const { receipts } = res.json() as {
      receipts: { user_id: number; email: string; name: string; first_opened_at: string | null; opens: number }[];
    };
    expect(receipts).toEqual([
      expect.objectContaining({
        user_id: a.id,
        email: 'lp-a-docs@test.dev',
        name: 'Ada Alpha',
        opens: 1,
        first_opened_at: expect.any(String),
      }),
    ]);
    const detail = (await get(`/api/documents/${docId}`, gp)).json() as { receipts: unknown[]; versions: unknown[]; document: Listed };
    expect(detail.receipts).toEqual(receipts);
    expect(detail.document).toMatchObject({ audience_size: 1, opened_count: 1 });
    const listA = (await get('/api/documents', a.token)).json() as { documents: Listed[] };
    expect(listA.documents[0]).toMatchObject({ unread: false, opened_at: expect.any(String) });
    // What an LP reads of a document leaves the GP-only fields out.
    const mine = (await get(`/api/documents/${docId}`, a.token)).json() as { receipts: unknown; versions: unknown; document: Listed };
    expect(mine).toMatchObject({ receipts: null, versions: null, document: { audience_size: null, opened_count: null } });
  });

  it('refuses a renamed text file, a PDF with a script in its name and a 30 MB file, each with a clear message', async () => {
    const text = await upload1({ fileName: 'notes.pdf', content: Buffer.from('Dear partner, this is only text.').toString('base64') });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: expect.stringMatching(/^The file is not a PDF\./) });

    const script = await upload1({ fileName: '<script>alert(1)</script>.pdf' });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ error: 'The file name cannot contain HTML or script. Rename the file and upload it again.' });

    const big = Buffer.alloc(30 * 1024 * 1024, 0x20);
    Buffer.from(k1).copy(big);
    const large = await upload1({ fileName: 'big.pdf', content: big.toString('base64') });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: 'The file is too large: a document can be at most 25 MB.' });

    const period = await upload1({ period: '2026-Q5' });
    expect(period.statusCode).toBe(400);
    expect(period.json()).toEqual({ error: 'Period must be a year (2026) or a quarter (2026-Q3), or left empty.' });
    // Nothing of these was filed.
    expect(((await get('/api/documents', gp)).json() as { documents: unknown[] }).documents).toHaveLength(1);
  });

  it('keeps a replaced file as an older version; A gets the new one, marked unread again', async () => {
    const second = await pdfBytes('Schedule K-1, corrected');
    const res = await h.inject({
      method: 'PUT',
      url: `/api/documents/${docId}/file`,
      headers: bearer(gp),
      payload: { fileName: 'K-1 2026 corrected.pdf', content: base64(second) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2 });
    h.clock.advance(1000);
    expect(((await get('/api/documents', a.token)).json() as { documents: Listed[] }).documents[0]).toMatchObject({
      version: 2,
      unread: true,
    });
    const file = await get(`/api/documents/${docId}/file`, a.token);
    expect(sha256(file.rawPayload)).toBe(sha256(second));
    const detail = (await get(`/api/documents/${docId}`, gp)).json() as { versions: { version: number; sha256: string }[] };
    expect(detail.versions.map((v) => [v.version, v.sha256])).toEqual([
      [2, sha256(second)],
      [1, sha256(k1)],
    ]);
  });

  it('refuses to serve bytes whose SHA-256 no longer matches, without a 500', async () => {
    const [row] = await h.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, docId));
    const other = await upload1({ title: 'Damaged', audience: { all: true } });
    const otherId = (other.json() as { id: number }).id;
    await h.database.db
      .update(documentVersions)
      .set({ content: Buffer.from(row!.content).subarray(1) })
      .where(eq(documentVersions.documentId, otherId));
    const res = await get(`/api/documents/${otherId}/file`, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.stringContaining('did not pass its integrity check') });
  });

  it('withdraws a document: audited, 404 for A, still listed for the GP', async () => {
    const res = await h.inject({ method: 'DELETE', url: `/api/documents/${docId}`, headers: bearer(gp) });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/documents/${docId}`, a.token)).statusCode).toBe(404);
    expect((await get(`/api/documents/${docId}/file`, a.token)).statusCode).toBe(404);
    expect(((await get('/api/documents', a.token)).json() as { documents: Listed[] }).documents.map((d) => d.id)).not.toContain(docId);
    const gpList = (await get('/api/documents', gp)).json() as { documents: Listed[] };
    expect(gpList.documents.find((d) => d.id === docId)).toMatchObject({ withdrawn_at: expect.any(String) });
    const audit = await h.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(docId)));
    expect(audit.map((e) => e.action).sort()).toEqual(['document.file', 'document.replace', 'document.withdraw']);
    // The LP's activity log leaves the documents' administration out.
    const events = (await get('/api/audit-events?entity=document', a.token)).json() as { events: unknown[] };
    expect(events.events).toEqual([]);
    expect((await h.inject({ method: 'DELETE', url: `/api/documents/${docId}`, headers: bearer(gp) })).statusCode).toBe(409);
  });

  it('sends a name outside ASCII in full (RFC 8187) and filters by kind and year', async () => {
    const res = await upload1({
      title: 'Brief',
      kind: 'letter',
      period: '2025-Q4',
      audience: { all: true },
      fileName: 'Überblick – Q4.pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    const file = await get(`/api/documents/${id}/file`, b.token);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="_berblick _ Q4.pdf"; filename*=UTF-8''%C3%9Cberblick%20%E2%80%93%20Q4.pdf`,
    );
    const byKind = (await get('/api/documents?kind=letter', b.token)).json() as { documents: Listed[] };
    expect(byKind.documents.map((d) => d.id)).toEqual([id]);
    expect(((await get('/api/documents?year=2025', b.token)).json() as { documents: Listed[] }).documents.map((d) => d.id)).toEqual([id]);
    expect(((await get('/api/documents?year=2024', b.token)).json() as { documents: Listed[] }).documents).toEqual([]);
    expect((await get('/api/documents?kind=memo', b.token)).statusCode).toBe(400);
  });

  it('takes an upload of more than 256 KB over tRPC too, alone', async () => {
    const big = Buffer.alloc(400 * 1024, 0x20);
    const pdf = await pdfBytes('large');
    // A PDF may carry bytes after its end marker; the parse still reads it.
    const bytes = Buffer.concat([Buffer.from(pdf), big]);
    const res = await h.inject({
      method: 'POST',
      url: '/trpc/documents.upload',
      headers: { ...bearer(gp), 'content-type': 'application/json' },
      payload: JSON.stringify({
        title: 'Annual letter',
        kind: 'letter',
        period: null,
        audience: { all: true },
        fileName: 'letter.pdf',
        content: base64(bytes),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const batched = await h.inject({
      method: 'POST',
      url: '/trpc/documents.upload,ping?batch=1',
      headers: { ...bearer(gp), 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: { content: base64(bytes) } }),
    });
    expect(batched.statusCode).toBe(413);
  });
});
