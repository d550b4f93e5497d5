import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importCycles } from './eslint-import-cycles.js'

export default defineConfig([
  // api-types.gen.ts is generated from api/openapi.yaml (npm run api:types), checked for staleness instead.
  globalIgnores([
    'dist',
    'ssr-dist',
    'node_modules',
    'test-results',
    'playwright-report',
    'src/lib/api-types.gen.ts',
  ]),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      tseslint.configs.stylisticTypeChecked,
      reactHooks.configs.flat['recommended-latest'],
      importPlugin.flatConfigs.recommended,
      importPlugin.flatConfigs.typescript,
    ],
    plugins: { local: { rules: { 'import-cycles': importCycles } } },
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      'import/resolver': {
        typescript: { project: './tsconfig.json' },
      },
    },
    rules: {
      // bulletproof-react: shared code (components, lib) → features → app, never the other way,
      // and features do not import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features/calculator', from: './src/features', except: ['./calculator'] },
            { target: './src/features/admin', from: './src/features', except: ['./admin'] },
            { target: './src/features/auth', from: './src/features', except: ['./auth'] },
            { target: './src/features/zeugnis', from: './src/features', except: ['./zeugnis'] },
            { target: './src/features/abitur', from: './src/features', except: ['./abitur'] },
            {
              target: './src/features/sprachrichtigkeit',
              from: './src/features',
              except: ['./sprachrichtigkeit'],
            },
            { target: './src/features', from: './src/app' },
            { target: ['./src/components', './src/lib'], from: ['./src/features', './src/app'] },
          ],
        },
      ],
      // import() counts too: a lazy part that imports its importer is a cycle all the same. Type-only
      // imports, which this rule always skips, are counted by local/import-cycles.
      'import/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      'local/import-cycles': 'error',
      'import/order': [
        'warn',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          alphabetize: { order: 'asc' },
        },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Small components (bulletproof-react): the logic in hooks, the markup in parts, each in its
    // feature's folder; no component, and no other function, over 100 lines of code. Tests are left
    // out: a describe block is a list of cases, as long as the cases are.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every request of the app goes through lib/: the API client (api-client.ts: German messages, the
    // one reaction to an ended session, answers checked against the contract) or the live connection's
    // own requests (live-poll.ts, live-probe.ts). Tests replace fetch through globalThis.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/test/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api-client.ts (send, json).' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call the API through lib/api-client.ts (send, json).',
        })),
      ],
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js', 'playwright.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures call their own `use` and require `{}` for "no fixtures".
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node, sourceType: 'module' },
  },
])
