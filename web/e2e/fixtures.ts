import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { TestServer } from './server';

export interface GradeConfig {
  name: string;
  grades: Record<string, { min: number; max: number }>;
  schema: Record<string, Record<string, number>>;
}

/** The SPEC §4 default, as the shared test vectors hold it. */
export function standardConfig(): GradeConfig {
  const file = resolve(import.meta.dirname, '../../testdata/grading/configs/standard.json');
  return JSON.parse(readFileSync(file, 'utf8')) as GradeConfig;
}

export const test = base.extend<{ server: TestServer }>({
  server: async ({}, use) => {
    const server = new TestServer();
    await server.start();
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

export const ADMIN = { email: 'admin@schule.de', password: 'ein sicheres Admin-Passwort' };

/** The path and query of an absolute link, to open it at the test's baseURL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Signs in through the form on /admin and waits for the toast. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet.', { exact: true })).toBeVisible();
}

/** A grade's min or max input in the editor ("Note 2" → "Minimum"). */
export function gradeField(page: Page, grade: number, which: 'Minimum' | 'Maximum'): Locator {
  return page.getByRole('group', { name: `Note ${String(grade)}`, exact: true }).getByRole('textbox', { name: which });
}
