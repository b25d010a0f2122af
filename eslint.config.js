import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = 'apps/web/src/features';
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.scratch/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'docs/integration/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json'],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/order': [
        'error',
        { groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']], 'newlines-between': 'never' },
      ],
      // bulletproof-react: a feature never imports another feature, nor the app; pages compose features.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'Features do not import each other: move the shared piece to components/ui or lib.',
            })),
            { target: `./${featuresDir}`, from: './apps/web/src/app', message: 'Features do not import the app layer.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
      // Pages that only read do not download zod (docs/decisions/0027-light-first-paint.md): values come from the
      // zod-free modules of packages/shared; a schema module gives types only, except to forms (below).
      'no-restricted-imports': [
        'error',
        {
          paths: ['i18next', 'react-i18next'].map((name) => ({
            name,
            message: 'Texts go through lib/translator.ts and lib/use-translation.tsx (docs/decisions/0028-light-first-paint.md).',
          })),
          patterns: [
            {
              regex: '^@rewards/shared/(?!(enums|constants|errors|days|pictures|notification-text|movement-text)$)',
              allowTypeImports: true,
              message:
                'A value from a schema module brings zod into the page: import it from a zod-free module (enums, constants, errors, days, pictures, *-text), or only its type. Forms and admin panels may (see eslint.config.js).',
            },
          ],
        },
      ],
    },
  },
  {
    // Forms validate with the shared schemas, and admin panels load with the admin area: they may import them.
    files: [
      'apps/web/src/**/*-form.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/features/challenges/components/{user-challenge,field-message}.{ts,tsx}',
      'apps/web/src/features/loads/**',
      'apps/web/src/features/orders/components/{order-actions,edit-order-dialog,order-admin-tools,admin-*}.tsx',
      'apps/web/src/features/mail/**',
      'apps/web/src/features/users/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // Only config.ts reads the environment (ARCHITECTURE.md section 7).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/**/*.test.ts', 'apps/server/test/**', 'apps/server/faults/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
