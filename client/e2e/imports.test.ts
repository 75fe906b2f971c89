import { expect, it } from 'vitest';
import { screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * A GP previews a generic CSV with a bad line (named, nothing importable), then a good one, and
 * imports it all at once (docs/imports.md), at a phone's and a desktop's width.
 */
describeInBrowser('the Import page in Chromium', () => {
  const session = appInBrowser();
  const header = 'date,kind,symbol,asset_type,quantity,price,fee,amount,note';

  it.each(WIDTHS)('at %i px a GP sees a bad line named, then previews and imports a file', async (width) => {
    const page = await (await session.signedIn('gp')).newPage(width);
    await page.goto(`${session.app.url}/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Past imports', exact: true }).waitFor();
    expect(await seriousViolations(page), 'axe on the Import page').toEqual([]);

    const file = page.getByLabel('CSV file');
    const bad = `${header}\n2025-01-02,deposit,,,,,,100.00,ok ${width}\n2025-02-30,deposit,,,,,,5.00,bad day\n`;
    await file.setInputFiles({ name: `bad-${width}.csv`, mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('line 3, column date: date 2025-02-30 is not a day').waitFor();
    await page.getByText(/2 lines, 1 new, 0 already imported, 1 with problems/).waitFor();
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);

    // Each width runs on the same books: its lines differ, so neither is the other's duplicate.
    const shares = width < 1000 ? 2 : 3;
    const good = `${header}\n2025-01-02,deposit,,,,,,100.00,Imported at ${width} px\n2025-01-03,buy,KO,stock,${shares},61.50,1.00,,\n`;
    await file.setInputFiles({ name: `good-${width}.csv`, mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/2 lines, 2 new, 0 already imported, 0 with problems/).waitFor();
    await page
      .getByRole('region', { name: `Lines of good-${width}.csv` })
      .getByText(`Buy ${shares} KO at $61.50, fee $1.00 on 2025-01-03`)
      .waitFor();
    expect(await seriousViolations(page), 'axe on the preview').toEqual([]);
    await screenshot(page, `import-preview-${width}`);

    // The commit is held at the network until the page has shown that it is importing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/imports', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Import 2 new lines' }).click();
    // "Importing… sending the file", then "Importing… writing 2 new lines into the books."
    await page.getByRole('status').filter({ hasText: 'Importing…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Importing…' }).isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'File' }).getAttribute('aria-busy')).toBe('true');
    release();
    await page.getByText(`Imported good-${width}.csv (Generic CSV): 2 lines added.`).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('region', { name: 'File' }).getAttribute('aria-busy')).toBeNull();
    await page.unroute('**/api/imports');
    await page.getByRole('region', { name: 'Past imports table', exact: true }).getByText(`good-${width}.csv`).waitFor();

    // The same file again adds nothing.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/2 lines, 0 new, 2 already imported, 0 with problems/).waitFor();
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await page.close();
  });
});
