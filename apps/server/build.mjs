// The compiled server (docs/decisions/0001): `npm run build -w apps/server` bundles src/main.ts and src/cli.ts
// with esbuild into dist/main.js and dist/cli.js (ESM, Node 22, source maps), which plain `node` runs with no
// TypeScript loader (`npm run start:prod`). Packages stay imports of node_modules, but for @rewards/shared,
// whose exports are TypeScript source, bundled in. Both outputs sit one folder below apps/server like the
// sources, so what the code finds relative to its own file (import.meta.dirname: ../../web/dist) holds; the
// folders of SQL beside the migrator (src/db/migrations, src/db/functions, …) are copied to dist/ for the same
// reason. Every package the bundle imports must be a runtime dependency of a workspace (checked below), so
// that `npm prune --omit=dev` keeps it.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const serverDir = import.meta.dirname;
const root = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');
const dbDir = path.join(serverDir, 'src/db');

/** @rewards/shared/<name> → packages/shared/src/<name>.ts (its exports map), so that it is bundled. */
const sharedSource = {
  name: 'rewards-shared-source',
  setup(build) {
    build.onResolve({ filter: /^@rewards\/shared\// }, (args) => ({
      path: path.join(root, 'packages/shared/src', `${args.path.slice('@rewards/shared/'.length)}.ts`),
    }));
  },
};

export async function buildServer() {
  const started = Date.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { main: path.join(serverDir, 'src/main.ts'), cli: path.join(serverDir, 'src/cli.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    packages: 'external',
    plugins: [sharedSource],
    metafile: true,
    logLevel: 'warning',
  });

  // SQL beside the migrator (any folder of src/db holding files other than TypeScript), to dist/<folder>.
  const copied = [];
  for (const entry of fs.readdirSync(dbDir, { withFileTypes: true })) {
    const from = path.join(dbDir, entry.name);
    if (!entry.isDirectory() || !fs.readdirSync(from, { recursive: true }).some((f) => !String(f).endsWith('.ts'))) continue;
    fs.cpSync(from, path.join(outdir, entry.name), { recursive: true, filter: (f) => !f.endsWith('.ts') });
    copied.push(entry.name);
  }

  // Every package the bundle imports is a runtime dependency of a workspace.
  const runtime = new Set(
    ['packages/shared', 'apps/server'].flatMap((dir) =>
      Object.keys(JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies ?? {}),
    ),
  );
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtins.has(imported.path)) continue;
      const parts = imported.path.split('/');
      const name = imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (!runtime.has(name)) missing.add(name);
    }
  if (missing.size) {
    throw new Error(
      `The server imports ${[...missing].join(', ')} at run time: add ${missing.size > 1 ? 'them' : 'it'} to apps/server/package.json's dependencies.`,
    );
  }
  return { outdir, copied, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { copied, ms } = await buildServer();
  console.log(`apps/server/dist: main.js, cli.js and ${copied.join(', ') || 'no SQL folder'} (${ms} ms)`);
}
