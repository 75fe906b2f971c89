import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { pdfBytes } from '../../server/test/documents/pdf-files';
import { screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * docs/product.md "Documents" in Chromium: the GP files a PDF for the demo LP (a renamed text
 * file is refused first), the LP sees it unread and downloads the very bytes, the GP sees the
 * receipt and withdraws it. Both pages are checked with axe and photographed at 390 and 1440 px.
 */
describeInBrowser('documents in Chromium', () => {
  const session = appInBrowser();

  it('a GP files a letter for the LP; the LP downloads it; the GP sees the receipt and withdraws it', async () => {
    const letter = await pdfBytes('Quarterly letter to Leo Parker');
    const browser = await session.signedIn('gp');
    const gp = await browser.newPage();
    await gp.goto(`${session.app.url}/gp_profile`);
    await gp.getByRole('link', { name: 'Partner Documents' }).click();
    await gp.waitForURL('**/documents');
    await gp.getByText('No documents filed yet.').waitFor();
    const form = gp.getByRole('form', { name: 'File a document' });

    // A text file renamed .pdf is refused before it is sent, with the reason under the file field.
    await form.getByLabel('Title').fill('Q3 2026 letter');
    await form.getByLabel('Kind').selectOption('letter');
    await form.getByLabel('Period (optional)').fill('2026-Q3');
    await form.getByLabel('Chosen limited partners').check();
    await form.getByLabel(/Leo Parker/).check();
    await form.getByLabel('PDF file').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Only text.') });
    await form.getByRole('button', { name: 'File document' }).click();
    await form.getByText(/^The file is not a PDF\./).waitFor();

    await form
      .getByLabel('PDF file')
      .setInputFiles({ name: 'Q3 2026 letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from(letter) });
    await form.getByRole('button', { name: 'File document' }).click();
    await gp.getByText('“Q3 2026 letter” was filed.').first().waitFor();
    const table = gp.getByRole('region', { name: 'Filed documents' });
    await table.getByRole('cell', { name: 'Q3 2026 letter', exact: true }).waitFor();
    await table.getByRole('cell', { name: '0 of 1', exact: true }).waitFor();
    expect(await seriousViolations(gp)).toEqual([]);
    for (const width of WIDTHS) {
      await gp.setViewportSize({ width, height: 900 });
      await screenshot(gp, 'gp-documents');
    }
    await gp.setViewportSize({ width: 1440, height: 900 });
    await gp.close();

    // The LP: the letter, unread, and the very bytes the GP uploaded.
    await session.signedIn('lp');
    const lp = await browser.newPage();
    await lp.goto(`${session.app.url}/lp_dashboard`);
    await lp.getByRole('link', { name: 'DOCUMENTS' }).first().click();
    await lp.waitForURL('**/documents');
    const list = lp.getByRole('list', { name: 'Your documents' });
    const item = list.getByRole('listitem').filter({ hasText: 'Q3 2026 letter' });
    await item.getByText('Unread', { exact: true }).waitFor();
    await item.getByText(/^Letter · 2026-Q3 · Filed /).waitFor();
    expect(await seriousViolations(lp)).toEqual([]);
    for (const width of WIDTHS) {
      await lp.setViewportSize({ width, height: 900 });
      await screenshot(lp, 'lp-documents');
    }
    // Filtered to another year, nothing; back to every year, the letter.
    await lp.getByLabel('Kind').selectOption('tax');
    await lp.getByText('No documents match these filters.').waitFor();
    await lp.getByLabel('Kind').selectOption('all');
    const [download] = await Promise.all([
      lp.waitForEvent('download'),
      item.getByRole('button', { name: 'Download PDF: Q3 2026 letter' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Q3 2026 letter.pdf');
    const saved = await download.path();
    expect(sha256(await readFile(saved))).toBe(sha256(letter));
    await item.getByText('Unread', { exact: true }).waitFor({ state: 'detached' });
    await lp.getByText('You have opened every document.').waitFor();
    await lp.close();

    // The GP: the receipt names the LP; withdrawing asks first.
    await session.signedIn('gp');
    const back = await browser.newPage();
    await back.goto(`${session.app.url}/documents`);
    const filed = back.getByRole('region', { name: 'Filed documents' });
    await filed.getByRole('cell', { name: '1 of 1', exact: true }).waitFor();
    await filed.getByRole('button', { name: 'Receipts: Q3 2026 letter' }).click();
    const receipts = back.getByRole('dialog', { name: 'Read receipts: Q3 2026 letter' });
    await receipts.getByText('lp@demo.partners').waitFor();
    await receipts.getByText(/^Opened /).waitFor();
    expect(await seriousViolations(back)).toEqual([]);
    await receipts.getByRole('button', { name: 'Done' }).click();
    await filed.getByRole('button', { name: 'Withdraw: Q3 2026 letter' }).click();
    const confirm = back.getByRole('alertdialog', { name: 'Withdraw “Q3 2026 letter”?' });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await filed.getByRole('cell', { name: /^Withdrawn / }).waitFor();
    await back.close();

    // Withdrawn, it is gone from the LP's page.
    await session.signedIn('lp');
    const after = await browser.newPage();
    await after.goto(`${session.app.url}/documents`);
    await after.getByText('No documents yet.', { exact: false }).waitFor();
    await after.close();
  });
});
