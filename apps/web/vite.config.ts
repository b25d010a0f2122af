import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Writes .br and .gz next to every text asset; the server sends them as they are (no runtime cost). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const file of [...Object.keys(bundle), 'index.html']) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        if (!fs.existsSync(full)) continue;
        const data = fs.readFileSync(full);
        // Small files too: the text chunks of a page are a few hundred bytes, and brotli still halves them.
        if (data.length < 200) continue;
        const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = zlib.gzipSync(data, { level: 9 });
        // A variant is written only when it is smaller (the server sends whichever exists).
        if (br.length < data.length) fs.writeFileSync(`${full}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${full}.gz`, gz);
      }
    },
  };
}

/**
 * The pieces every catalogue page shows (home, category, results, product): the product card, the page
 * frame, the product requests' keys, and the hooks that load what is below the fold later (the home's blocks,
 * the profile's sections, product rows). What only the lists use (grid, sorting, pager, their requests) is
 * left to the bundler, so the home page does not download it. Never a form or an admin-only piece.
 */
const catalogue =
  /apps[\\/]web[\\/]src[\\/](features[\\/]banners[\\/]api[\\/]keys\.ts|components[\\/]ui[\\/]page\.tsx|lib[\\/]use-(in-view|idle)\.ts|features[\\/]products[\\/](api[\\/](keys|get-product)|components[\\/]product-card)\.tsx?)/;

/** What the product lists share (category, results, product, wishlist): grid, sorting, pager, their requests. */
const lists =
  /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/]pagination\.tsx|features[\\/]products[\\/](api[\\/](get-other-results|get-products)|components[\\/](product-grid|sort-select|other-results))\.tsx?)/;

/**
 * The small pieces every form is made of (its fields, their messages, the server's refusals on them, the
 * schema loaded at first use): one chunk instead of five of ~0.7 KB, each paying a request and its headers on
 * the pages that show a form at once (/myProfile, /challenge).
 */
const forms = /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](field|lazy-form)\.tsx|lib[\\/](form-errors|validation|schema-form)\.ts)/;

/**
 * The pieces the feed's pages share (/feed, /recognition, the profile's and the home's recognitions): the
 * card's rules and avatar, the list, the address's filters, the feed's requests and cache, the company values,
 * and the shared rules of recognitions and celebrations. One chunk instead of nine of 0.3-1 KB, each paying a
 * request and its headers.
 */
const recognitions =
  /(apps[\\/]web[\\/]src[\\/]features[\\/]peer[\\/]((rules|filters)\.ts|components[\\/](person-avatar|feed-list)\.tsx|api[\\/](feed-cache|get-feed|get-values)\.ts)|packages[\\/]shared[\\/]src[\\/](peer-rules|celebration-rules)\.ts)/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api },
      '/idp': { target: api },
      '/uploads': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports follows modulepreload links itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs before its first paint (React, the router, TanStack Query, the texts, the
        // shell) is one chunk, and the small pieces the catalogue's pages share another: half a dozen
        // chunks of 1-2 KB would each cost a request and ~1 KB of headers on a phone. Pages and the admin
        // area stay lazy chunks of their own (docs/decisions/0028-light-first-paint.md).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 10 },
            { name: 'catalogue', test: catalogue, minShareCount: 2, priority: 5 },
            { name: 'lists', test: lists, minShareCount: 2, priority: 4 },
            { name: 'forms', test: forms, minShareCount: 2, priority: 3 },
            { name: 'recognitions', test: recognitions, minShareCount: 2, priority: 2 },
          ],
        },
      },
    },
  },
});
