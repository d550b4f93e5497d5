import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
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
