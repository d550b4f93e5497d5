import { expect, standardConfig, test } from './fixtures';

test('a configuration imported by another process shows on every open page without reload', async ({ browser, server }) => {
  const pages = [];
  const contexts = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ baseURL: server.url });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('cell', { name: '85 - 90', exact: true }).filter({ visible: true })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'not reloaded'));
    pages.push(page);
  }

  const changed = standardConfig();
  changed.name = 'Oberstufe';
  changed.grades['1'].min = 90;
  changed.grades['2'].max = 90;
  const out = await server.importConfig(changed);
  expect(out).toContain('Version 2');

  for (const page of pages) {
    // grade 1 is now 90-100 with a 33.33 % minus band: 90 - 93,34
    await expect(page.getByRole('cell', { name: '90 - 93,34', exact: true }).filter({ visible: true })).toBeVisible();
    await expect(page.getByText('Oberstufe')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded');
  }
  for (const context of contexts) await context.close();
});

test('the page tells when the live connection is lost and when it is back', async ({ page, server }) => {
  await page.goto('/');
  await expect(page.getByLabel('Gesamtpunktzahl')).toBeVisible();
  await server.stop();
  await expect(page.getByText('Verbindung zur Live-Konfiguration unterbrochen', { exact: false })).toBeVisible({ timeout: 10_000 });
  await server.start(); // same port, same database
  await expect(page.getByText('Verbindung wiederhergestellt', { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Gesamtpunktzahl')).toBeVisible(); // the form stayed usable throughout
});
