import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { listBanners } from '../modules/banners/banners.service.ts';
import { defaultStoreId } from '../modules/stores/stores.service.ts';
import { sendError } from './errors.ts';

/**
 * Everything that is not the API: uploaded pictures (immutable names, a year's cache), the built web app
 * (hashed assets cached for a year, pre-compressed .br/.gz served as they are), the SPA's HTML for every
 * other page path, with the home page's largest picture (the first banner) announced in it, and the
 * envelope's 404 for unknown API routes. Registered last: its not-found handler answers what no route did.
 */
export const webAppPlugin = fp(async function webAppPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { config, db } = opts.deps;
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // The home page's largest picture is the first banner: announce it in the HTML so the browser fetches
  // it alongside the scripts (the variants are 300/600/1200 px WebP).
  const html = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
  let homeHtml: { body: string; until: number } | null = null;
  async function homePage(): Promise<string> {
    if (homeHtml && homeHtml.until > Date.now()) return homeHtml.body;
    const storeId = await defaultStoreId(db);
    const [banner] = storeId ? (await listBanners(db, { storeId, page: 1, pageSize: 1, active: true })).data : [];
    const href = banner?.picture;
    const preload =
      href && /-1200\.webp$/.test(href)
        ? `<link rel="preload" as="image" fetchpriority="high" href="${href}" imagesrcset="${[300, 600, 1200].map((w) => `${href.replace('-1200.webp', `-${w}.webp`)} ${w}w`).join(', ')}" imagesizes="(min-width: 1280px) 1232px, 100vw">`
        : '';
    const body = html.replace('</head>', `${preload}</head>`);
    homeHtml = { body, until: Date.now() + 30_000 };
    return body;
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && request.method === 'GET' && (request.url === '/' || request.url.startsWith('/?'))) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await homePage());
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !request.url.startsWith('/uploads/');
    if (isPage && hasWeb) {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encodings = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(encodings) && fs.existsSync(`${indexHtml}.br`))
        return reply.header('content-encoding', 'br').send(fs.createReadStream(`${indexHtml}.br`));
      if (/\bgzip\b/.test(encodings) && fs.existsSync(`${indexHtml}.gz`))
        return reply.header('content-encoding', 'gzip').send(fs.createReadStream(`${indexHtml}.gz`));
      return reply.send(fs.createReadStream(indexHtml));
    }
    return sendError(request, reply, request.url.startsWith('/api') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
  });
});
