import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartForms, readForm } from './multipart.ts';

describe('multipartForms', () => {
  it("puts @fastify/multipart's per-request hooks on the routes that read forms only, and the forms still read", async () => {
    const app = Fastify();
    await app.register(multipartForms, { limits: { fileSize: 1024 } });
    const hooks = new Map<string, { onRequest: number; onResponse: number }>();
    const count = (h: unknown) => [h ?? []].flat().length;
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.method === 'HEAD') return;
      hooks.set(route.url, { onRequest: count(route.onRequest), onResponse: count(route.onResponse) });
    });
    app.post('/form', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const form = await readForm(request);
      return { fields: form.fields, files: form.files.map((f) => [f.field, f.filename, f.buffer.toString()]) };
    });
    // The plugin's onRequest hook listens for a premature close: a route without it has one listener fewer.
    app.get('/read', async (_request, reply) => ({ closeListeners: reply.raw.listenerCount('close') }));
    app.get('/read-form', { schema: { consumes: ['multipart/form-data'] } }, async (_request, reply) => ({
      closeListeners: reply.raw.listenerCount('close'),
    }));
    app.post('/json', async (request) => ({ body: request.body }));
    await app.ready();

    expect(hooks.get('/form')).toEqual({ onRequest: 1, onResponse: 1 });
    expect(hooks.get('/read')).toEqual({ onRequest: 0, onResponse: 0 });
    expect(hooks.get('/json')).toEqual({ onRequest: 0, onResponse: 0 });

    const boundary = 'rsboundary';
    const payload =
      `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nTaza\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="picture"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhola\r\n` +
      `--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { title: 'Taza' }, files: [['picture', 'a.txt', 'hola']] });
    const listeners = async (url: string) => (await app.inject({ method: 'GET', url })).json().closeListeners as number;
    expect(await listeners('/read-form')).toBe((await listeners('/read')) + 1);
    await app.close();
  });
});
