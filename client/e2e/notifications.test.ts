import { expect, it } from 'vitest';
import { screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';
import { layoutProblems } from './support/layout';

/**
 * The LP profile's Notifications card in Chromium (docs/product.md "Documents"): the choice of an
 * e-mail per new document or a Monday digest is a radio group, saved at once, said to be saved,
 * and kept after a reload; the card passes axe and lays out at 390 and 1440 px.
 */
describeInBrowser('the Notifications card in Chromium', () => {
  const session = appInBrowser();

  it('an LP chooses the weekly digest, sees it saved, and finds it chosen after a reload', async () => {
    const browser = await session.signedIn('lp');
    const page = await browser.newPage();
    await page.goto(`${session.app.url}/lp_profile`);
    const card = page.getByRole('region', { name: 'Notifications about new documents' });
    await card.getByRole('heading', { name: 'Notifications' }).waitFor();
    const group = card.getByRole('group', { name: 'When a new document is filed for you, e-mail me' });
    const each = group.getByRole('radio', { name: /An e-mail for each new document/ });
    const digest = group.getByRole('radio', { name: /A weekly digest/ });
    expect(await each.isChecked()).toBe(true);
    expect(await digest.isChecked()).toBe(false);

    // By keyboard, as a radio group is used: the arrow key moves to and chooses the digest.
    await each.focus();
    await page.keyboard.press('ArrowDown');
    await card.getByRole('status').filter({ hasText: 'Saved: you get one e-mail on Mondays at 8:00 AM New York time' }).waitFor();
    expect(await digest.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      expect(await layoutProblems(page)).toEqual([]);
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await screenshot(page, 'lp-profile-notifications');
    }

    await page.reload();
    const again = page.getByRole('region', { name: 'Notifications about new documents' });
    await again.getByRole('radio', { name: /A weekly digest/ }).waitFor();
    expect(await again.getByRole('radio', { name: /A weekly digest/ }).isChecked()).toBe(true);
    // Back to an e-mail each, by clicking its label.
    await again.getByText('An e-mail for each new document').click();
    await again.getByRole('status').filter({ hasText: 'Saved: you get an e-mail for each new document.' }).waitFor();
    await page.close();
  });
});
