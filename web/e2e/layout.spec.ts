import { expect, test } from './fixtures';

const cells = ['1', '1-', '2+', '2', '2-', '3+', '3', '3-', '4+', '4', '4-', '5+', '5', '5-', '6+', '6'];

test('at 1280 px the grade table is horizontal', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('rowheader', { name: 'Prozentbereich' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Prozentbereich' })).toBeHidden();
  const headers = page.getByRole('table').filter({ visible: true }).getByRole('columnheader');
  await expect(headers).toHaveText(['Note', ...cells]);
  await expect(page.getByRole('cell', { name: '85 - 90', exact: true }).filter({ visible: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calculator-1280.png'), fullPage: true });
});

test('at 390 px the grade table is vertical', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('columnheader', { name: 'Note' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Prozentbereich' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Prozentbereich' })).toBeHidden();
  const rows = page.getByRole('table').filter({ visible: true }).getByRole('row');
  await expect(rows).toHaveCount(17);
  await expect(rows.nth(2)).toHaveText(/1-\s*85 - 90/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390); // nothing sticks out sideways
  await page.screenshot({ path: test.info().outputPath('calculator-390.png'), fullPage: true });
});
