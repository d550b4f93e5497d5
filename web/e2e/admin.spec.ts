import { expect, test } from './fixtures';

test('the header links between calculator and admin, which shows the stored configuration', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Notenrechner' })).toBeVisible();
  await page.getByRole('link', { name: 'Verwaltung', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Version 1', { exact: false })).toBeVisible();
  await expect(page.getByText('Standard', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('System', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '85 - 90', exact: true }).filter({ visible: true })).toBeVisible();

  await page.getByRole('link', { name: 'Rechner', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Gesamtpunktzahl')).toBeVisible();
});

test('/admin opened directly loads its chunk', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Rechner', exact: true })).toBeVisible();
  await expect(page.getByText('Version 1', { exact: false })).toBeVisible();
});
