// JavaScript the browser needs for the first paint of `/`: the entry, its static imports, the lazily
// loaded home route with its static imports, and the default language's texts (Vite's manifest; the error
// messages are in the entry). Gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function firstPaintJs(distDir = path.resolve(import.meta.dirname, '../apps/web/dist')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  visit(entry);
  visit(Object.keys(manifest).find((k) => k.endsWith('app/routes/home.tsx')));
  // The texts of the default language load before the first render (the server names their chunk in the HTML).
  visit(Object.keys(manifest).find((k) => k.endsWith('locales/es/common.json')));
  const files = [...seen].filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => ({ file: f, gzip: zlib.gzipSync(fs.readFileSync(path.join(distDir, f)), { level: 9 }).length }));
  return { files: sizes, totalGzip: sizes.reduce((n, s) => n + s.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = firstPaintJs();
  for (const f of r.files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(r.totalGzip / 1024).toFixed(1).padStart(7)} KB  total (gzip), target <= 130 KB`);
}
