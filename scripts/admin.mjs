// `npm run admin -- …`: the operator commands of apps/server/src/cli.ts. From the sources through tsx where it
// is installed (a development checkout: always the code as it stands); on a production install pruned of dev
// dependencies, the compiled apps/server/dist/cli.js of `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const tsx = await import('tsx/esm/api').catch(() => null);
if (tsx) {
  tsx.register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/cli.ts')).href);
} else {
  const compiled = path.join(root, 'apps/server/dist/cli.js');
  if (!fs.existsSync(compiled)) {
    console.error('apps/server/dist/cli.js is missing: run `npm run build` first (or `npm install` for the development tools).');
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled).href);
}
