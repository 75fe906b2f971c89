import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contactSubmissions } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/** Form Submissions: a GP marks an inquiry handled or deletes it; both are audited; LPs and visitors cannot. */
describe.each(databaseKinds)('handling contact submissions on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('handling'));
  });
  afterAll(() => h.close());

  async function newSubmission(name: string): Promise<number> {
    const [row] = await h.database.db
      .insert(contactSubmissions)
      .values({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, phone: '', message: 'Hello.' })
      .returning({ id: contactSubmissions.id });
    if (!row) throw new Error('no row');
    return row.id;
  }
  const auditsOf = (id: number) =>
    h.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'contact_submission'), eq(auditEvents.entityId, String(id))));

  it('marks an inquiry handled and open again, listing when it was handled and auditing each change', async () => {
    const id = await newSubmission('Hal Handled');
    const mark = (handled: boolean, token = gp) =>
      h.inject({ method: 'PUT', url: `/api/contact/${id}/handled`, headers: bearer(token), payload: { handled } });

    const res = await mark(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Marked the inquiry from Hal Handled handled.', handled_at: expect.any(String) });
    const listed = (await h.inject({ method: 'GET', url: '/api/contact', headers: bearer(gp) })).json() as {
      id: number;
      handled_at: string | null;
    }[];
    expect(listed.find((s) => s.id === id)?.handled_at).toBe(res.json().handled_at);

    expect((await mark(false)).json()).toEqual({ message: 'The inquiry from Hal Handled is open again.', handled_at: null });
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.action)).toEqual(['mark_handled', 'reopen']);
    expect(audits[0]).toMatchObject({ before: { name: 'Hal Handled', handled_at: null }, after: { handled_at: res.json().handled_at } });

    expect((await mark(true, lp)).statusCode).toBe(403);
    expect((await h.inject({ method: 'PUT', url: `/api/contact/${id}/handled`, payload: { handled: true } })).statusCode).toBe(401);
  });

  it('deletes an inquiry, keeping what it said in the audit log; a second delete answers 404', async () => {
    const id = await newSubmission('Dee Leted');
    expect((await h.inject({ method: 'DELETE', url: `/api/contact/${id}`, headers: bearer(lp) })).statusCode).toBe(403);

    const res = await h.inject({ method: 'DELETE', url: `/api/contact/${id}`, headers: bearer(gp) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Submission deleted.' });
    expect(await h.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id))).toEqual([]);
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({
      action: 'delete',
      before: { name: 'Dee Leted', email: 'deeleted@example.com', message: 'Hello.' },
      after: null,
    });

    const again = await h.inject({ method: 'DELETE', url: `/api/contact/${id}`, headers: bearer(gp) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'That submission no longer exists.' });
  });
});
