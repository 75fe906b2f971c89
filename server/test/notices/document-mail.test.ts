import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail';
import { fileDocument } from '../../src/services/documents/file';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, WEB_ORIGIN, type Harness } from '../support/harness';
import { pdfBytes } from '../documents/pdf-files';

/**
 * A new document's e-mail travels through SMTP_URL to a real SMTP server (docs/decisions/0021): it
 * names the document and links to the portal, with no attachment; and each partner's choice of
 * immediate e-mail or the weekly digest is theirs to read and set.
 */
describe.each(databaseKinds)('document e-mail on %s', (kind) => {
  let h: Harness;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];
  let lp: { id: number; token: string };
  let gpId: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      // A plain local server: no TLS to negotiate and no sign-in.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const mailer = createMailer({ smtpUrl, from: 'Partner Portal <portal@test.dev>', embedded: true }, { info: () => {}, warn: () => {} });
    h = await createHarness(kind, { env: { SMTP_URL: smtpUrl }, mailer });
    gpId = await h.createUser({ email: 'gp-mail@test.dev', role: 'GP' });
    const id = await h.createUser({ email: 'lp-mail@test.dev', role: 'LP', firstName: 'Lee', lastName: 'Mail' });
    lp = { id, token: await h.login('lp-mail@test.dev', 'Passw0rd!') };
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the partner an e-mail through SMTP naming the document and linking to the portal, without the file', async () => {
    await fileDocument(
      { db: h.database.db, now: h.deps.now },
      {
        title: 'Q3 letter to partners',
        kind: 'letter',
        period: '2026-Q3',
        audience: { userIds: [lp.id] },
        fileName: 'q3-letter.pdf',
        bytes: await pdfBytes('Q3 letter'),
        by: { id: gpId, email: 'gp-mail@test.dev' },
      },
    );
    const pass = await h.deps.documentJobs.sendMail();
    expect(pass).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['lp-mail@test.dev']);
    // Quoted-printable may fold long lines: read the body unfolded.
    const body = mail!.raw.replace(/=\r?\n/g, '');
    expect(body).toMatch(/^Subject: New document: Q3 letter to partners\r?$/m);
    expect(body).toContain('Q3 letter to partners (Letter, 2026-Q3)');
    expect(body).toContain(`${WEB_ORIGIN}/documents`);
    expect(body).not.toMatch(/Content-Disposition: attachment/i);
    expect(body).not.toMatch(/multipart\/mixed/i);
    expect(body).not.toContain('application/pdf');
    // Nothing is sent twice.
    expect(await h.deps.documentJobs.sendMail()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('reads and sets the LP’s own choice, immediate by default', async () => {
    const url = '/api/users/profile/document-mail';
    const first = await h.inject({ method: 'GET', url, headers: bearer(lp.token) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mode: 'immediate' });
    const set = await h.inject({ method: 'PUT', url, headers: bearer(lp.token), payload: { mode: 'digest' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ mode: 'digest', message: expect.stringContaining('Mondays at 8:00 AM New York time') });
    expect((await h.inject({ method: 'GET', url, headers: bearer(lp.token) })).json()).toEqual({ mode: 'digest' });
    // tRPC reads the same choice.
    expect(await h.caller(lp.token).auth.documentMail.get()).toEqual({ mode: 'digest' });
  });

  it('refuses a bad choice with a readable 400, and anyone signed out with 401', async () => {
    const url = '/api/users/profile/document-mail';
    const bad = await h.inject({ method: 'PUT', url, headers: bearer(lp.token), payload: { mode: 'weekly' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'mode must be "immediate" or "digest".' });
    const extra = await h.inject({ method: 'PUT', url, headers: bearer(lp.token), payload: { mode: 'digest', to: 'x@y.z' } });
    expect(extra.statusCode).toBe(400);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await h.inject({ method, url, ...(method === 'PUT' ? { payload: { mode: 'digest' } } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });
});
