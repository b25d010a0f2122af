import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = 'apps/web/src/features';
const serverDir = 'apps/server/src';
const serverModules = fs
  .readdirSync(`${serverDir}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** A module's public face: its services (`*.service.ts`), the only files another module may import. */
const serviceFiles = serverModules.flatMap((m) =>
  fs
    .readdirSync(`${serverDir}/modules/${m}`)
    .filter((f) => f.endsWith('.service.ts'))
    .map((f) => `./${m}/${f}`),
);
const server = (...paths) => paths.map((p) => `./${serverDir}/${p}`);
const compositionRoot = server('app.ts', 'main.ts', 'cli.ts', 'seed');
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
      // No page downloads zod before a form validates (docs/decisions/0028-light-first-paint.md): values come from
      // the zod-free modules of packages/shared (enums, constants, *-rules, *-text…); a schema module gives types
      // only, and forms import their schema with import() through lib/lazy-resolver.ts. Tests may import anything.
      'no-restricted-imports': [
        'error',
        {
          paths: ['i18next', 'react-i18next'].map((name) => ({
            name,
            message: 'Texts go through lib/translator.ts and lib/use-translation.tsx (docs/decisions/0028-light-first-paint.md).',
          })),
          patterns: [
            {
              regex:
                '^@rewards/shared/(?!(enums|constants|errors|days|pictures|pages|notification-text|movement-text|user-rules|reward-rules|product-rules|order-rules|mail-rules|load-rules|profile-rules|challenge-rules|peer-rules|peer-report-rules|celebration-rules|directory-rules|audit-rules|webhook-rules|awards-rules|localized)$)',
              allowTypeImports: true,
              message:
                "A value from a schema module brings zod into the page: import it from a zod-free module (enums, constants, errors, days, pictures, pages, *-text, *-rules), or only its type. A form gets its schema with import() through lib/lazy-resolver.ts: lazyZodResolver(() => import('@rewards/shared/x').then((m) => m.xSchema)).",
            },
            {
              regex: '^(zod|@hookform/resolvers)(/|$)',
              allowTypeImports: true,
              message: "zod and its resolver load with a form's first validation: use lib/lazy-resolver.ts (types are free).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may import the schemas (and zod) themselves.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The server's walls (docs/architecture.md A3): each layer imports only the layers below it. Tests may
    // import anything (they are composition roots of their own).
    files: [`${serverDir}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: server('lib'),
              from: [...server('modules', 'plugins', 'config.ts', 'server-context.ts'), ...compositionRoot],
              message: 'lib knows no feature, plugin, setting or wiring: pass what it needs as a parameter.',
            },
            {
              target: server('config.ts', 'server-context.ts'),
              from: [...server('modules', 'plugins'), ...compositionRoot],
              message: 'Settings and the server context know no feature, plugin or wiring.',
            },
            {
              target: server('db'),
              from: [...server('lib', 'modules', 'plugins', 'config.ts', 'server-context.ts'), ...compositionRoot],
              message: 'db holds the schema, the client, migrations and SQL functions: it imports only packages/shared.',
            },
            {
              target: server('plugins'),
              from: [...server('modules'), ...compositionRoot],
              message: 'Plugins know no feature: the composition root (app.ts) hands them what a feature provides.',
            },
            {
              target: server('modules'),
              from: compositionRoot,
              message: 'Only the composition root (app.ts, main.ts, cli.ts, seed) imports the composition root.',
            },
            ...serverModules.map((m) => ({
              target: `./${serverDir}/modules/${m}`,
              from: `./${serverDir}/modules`,
              except: [`./${m}`, ...serviceFiles.filter((f) => !f.startsWith(`./${m}/`))],
              message: "Modules reach each other only through a service's public functions (another module's *.service.ts).",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // Only config.ts reads the environment (docs/architecture.md A7).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/**/*.test.ts', 'apps/server/test/**', 'apps/server/faults/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
