import { fastifyMultipart, type FastifyMultipartOptions } from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { assertInputWires } from './input-wires.ts';

/** Whether a route reads a multipart form (its schema says `consumes: ['multipart/form-data']`, as the OpenAPI document needs). */
export function readsForm(route: Pick<RouteOptions, 'schema'>): boolean {
  const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/**
 * @fastify/multipart's parser and request decorators for the whole app, and its two per-request hooks
 * only on the routes that read forms. Those hooks (an async `onRequest` that listens for a premature
 * close, an async `onResponse`) clean up files saved to disk with `saveRequestFiles`, which a form route
 * might one day use and no other route can; on every other request they were two promises and a
 * listener for nothing (docs/decisions/0024-request-overhead.md).
 */
export const multipartForms = fp(
  async function multipartForms(app: FastifyInstance, opts: FastifyMultipartOptions) {
    const hooks: { name: string; hook: unknown }[] = [];
    // The plugin sees the app itself, except that the hooks it adds are kept for the form routes.
    const scoped = Object.create(app, {
      addHook: {
        value(name: string, hook: unknown) {
          hooks.push({ name, hook });
          return scoped;
        },
      },
    }) as FastifyInstance;
    await new Promise<void>((resolve, reject) => fastifyMultipart(scoped, opts, (err?: Error) => (err ? reject(err) : resolve())));
    app.addHook('onRoute', (route) => {
      if (!readsForm(route)) return;
      const own = route as unknown as Record<string, unknown>;
      for (const { name, hook } of hooks) own[name] = [...[own[name] ?? []].flat(), hook];
    });
  },
  { name: 'multipart-forms' },
);

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

export interface FormData {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form. Limits come from the multipart plugin: a file over the size limit is 413,
 * a request that is not multipart is 415. Repeated fields become arrays (`data[]`, `removeImageIds`).
 * A body the parser cannot read (it breaks off, its boundary is missing or wrong, a part has no name)
 * is the client's fault: 400 MALFORMED_REQUEST.
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { expected: 'multipart/form-data' });
  try {
    return await collectParts(request);
  } catch (err) {
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    request.log.info({ err }, 'unreadable multipart body');
    throw new AppError('MALFORMED_REQUEST');
  }
}

async function collectParts(request: FastifyRequest): Promise<FormData> {
  const fields: FormData['fields'] = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (typeof part.fieldname !== 'string' || part.fieldname === '')
      throw new AppError('MALFORMED_REQUEST', { reason: 'a part has no name' });
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (buffer.length > 0) files.push({ field: part.fieldname, filename: part.filename, buffer });
    } else {
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value);
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return { fields, files };
}

const checkedForms = new WeakSet<z.ZodType>();

/**
 * Validates form fields with a shared zod schema; failures look like every other validation error. The
 * fields are text: a schema that expects JSON numbers or booleans, or coerces, is a bug (lib/input-wires.ts).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  if (!checkedForms.has(schema)) {
    assertInputWires(schema, 'multipart', 'a multipart form');
    checkedForms.add(schema);
  }
  const result = schema.safeParse(fields);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      result.error.issues.map((i) => ({ field: ['body', ...i.path].join('.'), message: i.message, code: i.code })),
    );
  }
  return result.data;
}

/** A comma-separated or repeated multipart field as a list. */
export function listField(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean);
}

/**
 * A form of one record with one picture (field `picture`: categories, banners): its fields checked by
 * `schema`, the picture's bytes as a list of none or one, ready for `withStoredImages`.
 */
export async function readPictureForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const form = await readForm(request);
  const fields = parseFields(schema, form.fields);
  const file = form.files.find((f) => f.field === 'picture');
  return { fields, pictures: file ? [file.buffer] : [] };
}

/** A record that cannot exist without its picture: 400 VALIDATION_FAILED on `body.picture` when it is missing. */
export function requirePicture(pictures: Buffer[]): void {
  if (pictures.length === 0)
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.picture', message: 'Required field', code: 'required' }]);
}

/**
 * The one file of an upload of data (a load's e-mails, people's dates), at most `maxBytes`: 415 when the
 * request is not multipart, LOAD_FILE_EMPTY without a file, LOAD_FILE_TOO_LARGE {maxBytes} over the limit.
 */
export async function readDataFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { expected: 'multipart/form-data' });
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
    if (!file) throw new AppError('LOAD_FILE_EMPTY');
    return await file.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('LOAD_FILE_TOO_LARGE', { maxBytes });
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError('MALFORMED_REQUEST');
  }
}
