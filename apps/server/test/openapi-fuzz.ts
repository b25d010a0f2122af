/**
 * Input generation for the API fuzz test (api-fuzz.test.ts): reads the operations of the OpenAPI
 * document, turns their JSON Schemas into fast-check arbitraries of valid, boundary and malformed
 * values, renders those as app.inject requests, and checks error answers against the envelope
 * `{ statusCode, code, message, details?, requestId }`.
 */
import fc from 'fast-check';
import { multipart } from './harness.ts';

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the fuzzer reads it
// ---------------------------------------------------------------------------------------------

/** The part of JSON Schema that @fastify/swagger and `z.toJSONSchema` write and the generators read. */
export interface JsonSchema {
  type?: string;
  enum?: readonly unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** A response of an operation, or a reference to one of `components.responses`. */
interface OpenApiResponse {
  $ref?: string;
  content?: Record<string, unknown>;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { responses?: Record<string, OpenApiResponse> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface FileField {
  name: string;
  required: boolean;
  /** How many files of this field the operation takes. */
  max: number;
}

export type BodySpec =
  { kind: 'none' } | { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; schema: JsonSchema; files: FileField[] };

export interface Operation {
  method: HttpMethod;
  /** The document's path template, e.g. `/api/categories/{id}`. */
  path: string;
  pathParams: Field[];
  query: Field[];
  headers: Field[];
  body: BodySpec;
  /** The error statuses the operation documents. */
  errors: ReadonlySet<number>;
  /**
   * Every response the operation documents, by status (or `default`): the media types of its content,
   * or null when it has none (a redirect).
   */
  responses: ReadonlyMap<string, ReadonlySet<string> | null>;
}

/** Every operation of the document under the paths `include` accepts. */
export function operationsOf(doc: OpenApiDocument, opts: { include: (path: string) => boolean }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!opts.include(path)) continue;
    for (const [verb, op] of Object.entries(item)) {
      const method = verb.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const fields = (where: OpenApiParameter['in']) =>
        params.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
      operations.push({
        method,
        path,
        pathParams: fields('path'),
        query: fields('query'),
        headers: fields('header'),
        body: bodyOf(op),
        errors: new Set(
          Object.keys(op.responses ?? {})
            .map(Number)
            .filter((status) => status >= 400),
        ),
        responses: new Map(
          Object.entries(op.responses ?? {}).map(([status, response]) => {
            const resolved = response.$ref ? doc.components?.responses?.[response.$ref.split('/').pop()!] : response;
            const types = Object.keys(resolved?.content ?? {});
            return [status, types.length ? new Set(types.map((t) => t.toLowerCase())) : null];
          }),
        ),
      });
    }
  }
  return operations;
}

/** How many files an array of files takes when the document does not say. */
const DEFAULT_MAX_FILES = 6;

function bodyOf(op: OpenApiOperation): BodySpec {
  const content = op.requestBody?.content ?? {};
  const documented = content['multipart/form-data']?.schema;
  if (documented) {
    // Files are the properties of format binary (or arrays of them); the rest are text fields.
    const isFile = (p: JsonSchema) => p.format === 'binary' || p.items?.format === 'binary';
    const entries = Object.entries(documented.properties ?? {});
    const files = entries
      .filter(([, p]) => isFile(p))
      .map(([name, p]) => ({
        name,
        required: documented.required?.includes(name) ?? false,
        max: p.items ? (p.maxItems ?? DEFAULT_MAX_FILES) : 1,
      }));
    const text = Object.fromEntries(entries.filter(([, p]) => !isFile(p)));
    return { kind: 'multipart', schema: { ...documented, properties: text }, files };
  }
  const json = content['application/json']?.schema;
  if (json) return { kind: 'json', schema: json };
  return { kind: 'none' };
}

// ---------------------------------------------------------------------------------------------
// Values on the wire
// ---------------------------------------------------------------------------------------------

/**
 * A value written verbatim: a JSON number no JavaScript number holds (`1e400`, `9223372036854775808`),
 * `NaN`, or a URL fragment that is already (mis)encoded (`%E0%A4%A`).
 */
export class Raw {
  constructor(readonly text: string) {}
}

/** What a generated parameter, field or body is: JSON-like, plus verbatim text. */
export type Wire = null | boolean | number | string | Raw | Wire[] | { [key: string]: Wire };

/** A field the generator chose to leave out. */
const OMIT = Symbol('omit');
type Maybe = Wire | typeof OMIT;

function withoutOmitted(record: Record<string, Maybe>): Record<string, Wire> {
  return Object.fromEntries(Object.entries(record).filter((e): e is [string, Wire] => e[1] !== OMIT));
}

/** JSON text of a value; `Raw` goes in as written. */
export function toJson(value: Wire): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text a value stands for in a path, query, header or form field. */
function plainText(value: Wire): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plainText).join(',');
  if (value !== null && typeof value === 'object') return toJson(value);
  return String(value);
}

/**
 * encodeURIComponent that also takes lone surrogates (which it refuses): they are written as the
 * three bytes a lenient UTF-8 encoder would produce (e.g. `%ED%A0%80`), which no server should decode.
 */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0xd800 || cp > 0xdfff) out += encodeURIComponent(ch);
      else
        out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return out;
  }
}

function urlText(value: Wire): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(urlText).join(',');
  return encodeComponent(plainText(value));
}

/** A header value Node will send: anything outside latin-1 (or a control character) is percent-encoded. */
function headerText(value: Wire): string {
  const text = plainText(value);
  return /[^\t\x20-\x7e\x80-\xff]/.test(text) ? encodeComponent(text) : text;
}

// ---------------------------------------------------------------------------------------------
// Catalogues of boundary and malformed values
// ---------------------------------------------------------------------------------------------

export const HUGE_TEXT = 'x'.repeat(100 * 1024);

/** Numbers at and past every integer width a column or a JavaScript number has, and non-numbers. */
const NUMBER_EDGES: readonly Wire[] = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  new Raw('9223372036854775807'),
  new Raw('9223372036854775808'),
  new Raw('-9223372036854775808'),
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('NaN'),
  1e20,
  1.5,
  -0.5,
  5e-324,
];

/** Strings a lenient number parser would read as a number, or almost. */
const NUMBER_LIKE: readonly Wire[] = [
  '1.5',
  '1e3',
  '0x1F',
  ' 7 ',
  '+1',
  '-0',
  '007',
  '1_000',
  'Infinity',
  '٣',
  '１',
  '2147483648',
  '1e400',
];

const STRING_EDGES: readonly Wire[] = [
  '',
  ' ',
  'abc',
  '1.5',
  'ab\u0000cd',
  '\u0000',
  HUGE_TEXT,
  '🎁🎉👩‍👩‍👧 ünïcödé Ñandú',
  'e\u0301\u202Eevil\uFEFF',
  '\uD800',
  'a\uDFFFb',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '%_\\',
  'a & !b | (c:*',
  '.*+?^${}()|[]\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  'line\r\nSet-Cookie: x=1',
  'null',
  '[object Object]',
];

/** Calendar days outside what PostgreSQL, JavaScript or the calendar hold. */
const DATE_EDGES: readonly Wire[] = [
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-3-2',
  '2026-03-02T10:00:00Z',
  '+275760-09-13',
  '-000001-01-01',
  'not-a-date',
];

const BOOLEAN_EDGES: readonly Wire[] = ['yes', 'TRUE', 'on', '2', '-1', ''];

/** The wrong JSON type for any field. */
const WRONG_TYPES: readonly Wire[] = [null, true, false, {}, { a: 1 }, [], [1, 2], ['1']];

/** Malformed percent-encoding, only meaningful in a URL. */
const URL_EDGES: readonly Wire[] = [new Raw('%'), new Raw('%E0%A4%A'), new Raw('%C0%AF'), new Raw('%FF'), new Raw('%00'), new Raw('a%2Fb')];

/** Fields a client has no business sending (mass assignment), added to bodies. */
const EXTRA_FIELDS: readonly Record<string, Wire>[] = [
  { unexpected: 'x' },
  { role: 3 },
  { points: 1_000_000 },
  { userId: 1, storeId: 2 },
  { isStore: true, active: true },
];

/** Query parameters the operation does not declare. */
const EXTRA_QUERY: readonly Record<string, Wire>[] = [{ colour: 'red' }, { 'a[b]': 'c' }, { '': 'x' }, { page: [1, 2] }];

const LANGUAGES = ['es', 'en', 'en-US,en;q=0.9', 'fr', '*', 'es;q=abc', '', 'x'.repeat(300)] as const;

/** Whole request bodies that are not what a JSON operation reads. */
const RAW_BODIES: readonly { contentType: string | undefined; payload: string }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: ' ' },
  { contentType: 'application/json', payload: 'not json' },
  { contentType: 'application/json', payload: '{"productId": 1,' },
  { contentType: 'application/json', payload: "{'productId': 1}" },
  { contentType: 'application/json', payload: 'NaN' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '{"__proto__": {"role": 3}, "productId": 1}' },
  { contentType: 'application/json', payload: '{"constructor": {"prototype": {"role": 3}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { contentType: 'application/json', payload: `"${'x'.repeat(1024 * 1024)}"` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: '{"productId": 1}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'productId=1&quantity=1' },
  { contentType: 'application/xml', payload: '<productId>1</productId>' },
  { contentType: 'multipart/form-data; boundary=x', payload: '{"productId": 1}' },
  { contentType: undefined, payload: '{"productId": 1}' },
];

/** Ways to break a multipart body that was well-formed. */
export const BREAKAGES = [
  'wrong-boundary',
  'missing-boundary',
  'empty-boundary',
  'truncated',
  'unterminated',
  'nameless-part',
  'headerless-part',
  'garbage',
  'too-many-parts',
  'field-too-large',
] as const;
export type Breakage = (typeof BREAKAGES)[number];

/** The files a multipart request can carry, by name (the test builds the bytes). */
export const FILE_KINDS = ['png', 'notImage', 'empty', 'truncatedPng', 'svg', 'oversized'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export type FileFixtures = Record<FileKind, { data: Buffer; type: string; filename: string }>;

// ---------------------------------------------------------------------------------------------
// Generated requests
// ---------------------------------------------------------------------------------------------

export interface FilePart {
  field: string;
  kind: FileKind;
}

export type BodyInput =
  | { kind: 'none' }
  | { kind: 'json'; value: Wire }
  | { kind: 'raw'; contentType: string | undefined; payload: string }
  | { kind: 'form'; fields: Record<string, Wire>; files: FilePart[]; breakage?: Breakage };

export interface RequestInput {
  path: Record<string, Wire>;
  query: Record<string, Wire>;
  headers: Record<string, Wire>;
  language: string;
  body: BodyInput;
}

type Where = 'path' | 'query' | 'header' | 'json' | 'form';

/** Known good values for a parameter or field (ids of existing rows, slugs), by its name and operation. */
export type Pools = (name: string, op: Operation) => readonly Wire[] | undefined;

const weighted = <T>(...choices: [number, fc.Arbitrary<T>][]): fc.Arbitrary<T> =>
  fc.oneof(...choices.filter(([weight]) => weight > 0).map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** A JSON body with fields added (bodies that are not objects stay as they are). */
function merge(value: Wire, extra: Record<string, Wire>): Wire {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Raw) ? { ...value, ...extra } : value;
}

const phrases = ['Taza de cerámica', 'Mochila azul', 'Prueba de fuzz', 'Ajuste por conteo de inventario', 'café', 'Regalo 🎁'];

function fit(text: string, min: number, max: number): string {
  let out = text;
  while (out.length < min) out += ' texto';
  return out.slice(0, max);
}

/** fast-check arbitraries of requests for the operations of one document. */
export class RequestGenerator {
  constructor(private readonly pools: Pools) {}

  /**
   * Requests for one operation: all valid (about a third, to reach the services), or a valid request
   * with one or two of its slots broken (a path or query parameter, a header, an undeclared query
   * parameter, the body), so that each malformation is met on its own rather than hidden by another.
   */
  request(op: Operation): fc.Arbitrary<RequestInput> {
    const slots = [
      ...op.pathParams.map((f) => `path:${f.name}`),
      ...op.query.map((f) => `query:${f.name}`),
      ...op.headers.map((f) => `header:${f.name}`),
      'query:+',
      ...(op.body.kind !== 'none' || op.method !== 'GET' ? ['body'] : []),
    ];
    const broken = weighted<string[]>(
      [3, fc.constant([])],
      [6, fc.subarray(slots, { minLength: 1, maxLength: 1 })],
      [1, fc.subarray(slots, { minLength: Math.min(2, slots.length), maxLength: Math.min(2, slots.length) })],
    );
    return broken.chain((picked) => {
      const isBroken = (slot: string) => picked.includes(slot);
      return fc.record({
        path: this.params(op, op.pathParams, 'path', isBroken),
        query: fc
          .tuple(this.params(op, op.query, 'query', isBroken), isBroken('query:+') ? fc.constantFrom(...EXTRA_QUERY) : fc.constant({}))
          .map(([declared, extra]) => ({ ...declared, ...extra })),
        headers: this.params(op, op.headers, 'header', isBroken),
        language: fc.constantFrom(...LANGUAGES),
        body: isBroken('body') ? this.brokenBody(op) : this.validBody(op),
      });
    });
  }

  /** Parameters: valid (optional ones present half the time), or for a broken slot malformed or missing. */
  private params(op: Operation, fields: Field[], where: Where, isBroken: (slot: string) => boolean): fc.Arbitrary<Record<string, Wire>> {
    const model: Record<string, fc.Arbitrary<Maybe>> = {};
    for (const f of fields) {
      const valid = this.valid(f.schema, f.name, where, op);
      model[f.name] = isBroken(`${where}:${f.name}`)
        ? weighted<Maybe>([5, this.malformed(f.schema, f.name, where, op)], [f.required && where !== 'path' ? 1 : 0, fc.constant(OMIT)])
        : f.required
          ? valid
          : weighted<Maybe>([1, fc.constant(OMIT)], [1, valid]);
    }
    return fc.record(model).map(withoutOmitted);
  }

  private validBody(op: Operation): fc.Arbitrary<BodyInput> {
    const spec = op.body;
    if (spec.kind === 'none') return fc.constant({ kind: 'none' });
    if (spec.kind === 'json') return this.document(spec.schema, 'valid', op).map((value) => ({ kind: 'json', value }));
    return fc
      .record({ fields: this.object(spec.schema, 'valid', 'form', op), files: this.validFiles(spec.files) })
      .map(({ fields, files }) => ({ kind: 'form', fields, files }));
  }

  private brokenBody(op: Operation): fc.Arbitrary<BodyInput> {
    const raw = fc.constantFrom(...RAW_BODIES).map((b): BodyInput => ({ kind: 'raw', ...b }));
    const none = fc.constant<BodyInput>({ kind: 'none' });
    const spec = op.body;
    if (spec.kind === 'none')
      return weighted<BodyInput>([1, fc.constantFrom(...EXTRA_FIELDS).map((value) => ({ kind: 'json', value }))], [1, raw]);
    if (spec.kind === 'json') {
      const json = (value: Wire): BodyInput => ({ kind: 'json', value });
      return weighted<BodyInput>(
        [6, this.document(spec.schema, 'broken', op).map(json)],
        [1, fc.tuple(this.document(spec.schema, 'valid', op), fc.constantFrom(...EXTRA_FIELDS)).map(([v, extra]) => json(merge(v, extra)))],
        [1, this.wrongDocument(spec.schema, op).map(json)],
        [2, raw],
        [1, none],
        [1, this.object(spec.schema, 'valid', 'form', op).map((fields) => ({ kind: 'form', fields, files: [] }))],
      );
    }
    const form = (fields: fc.Arbitrary<Record<string, Wire>>, files: fc.Arbitrary<FilePart[]>, breakage?: fc.Arbitrary<Breakage>) =>
      fc
        .record({ fields, files, breakage: breakage ?? fc.constant(undefined) })
        .map(({ fields, files, breakage }): BodyInput => ({ kind: 'form', fields, files, ...(breakage ? { breakage } : {}) }));
    const validFields = this.object(spec.schema, 'valid', 'form', op);
    const validFiles = this.validFiles(spec.files);
    return weighted<BodyInput>(
      [4, form(this.object(spec.schema, 'broken', 'form', op), validFiles)],
      [
        1,
        form(
          fc.tuple(validFields, fc.constantFrom(...EXTRA_FIELDS)).map(([v, extra]) => ({ ...v, ...extra })),
          validFiles,
        ),
      ],
      [3, form(validFields, this.brokenFiles(spec.files))],
      [3, form(validFields, validFiles, fc.constantFrom(...BREAKAGES))],
      [1, validFields.map((value) => ({ kind: 'json', value }))],
      [1, raw],
      [1, none],
    );
  }

  /** A whole JSON body: the described object (or one of its alternatives). */
  private document(schema: JsonSchema, mode: 'valid' | 'broken', op: Operation): fc.Arbitrary<Wire> {
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((a) => this.document(a, mode, op)));
    if (schema.type === 'object') return this.object(schema, mode, 'json', op);
    return mode === 'valid' ? this.valid(schema, '', 'json', op) : this.malformed(schema, '', 'json', op);
  }

  /** A body of the wrong shape: a scalar, null, an empty array, or ten thousand valid bodies. */
  private wrongDocument(schema: JsonSchema, op: Operation): fc.Arbitrary<Wire> {
    return weighted<Wire>(
      [3, fc.constantFrom<Wire>(null, [], 'text', 0, true, new Raw('1e400'))],
      [1, this.document(schema, 'valid', op).map((item) => Array.from({ length: 10_000 }, () => item))],
    );
  }

  /** An object: every field valid (optional ones present or not), or valid but for one or two broken or missing fields. */
  private object(schema: JsonSchema, mode: 'valid' | 'broken', where: Where, op: Operation): fc.Arbitrary<Record<string, Wire>> {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<Maybe>> = {};
    for (const [name, property] of Object.entries(properties)) {
      const valid = this.valid(property, name, where, op);
      model[name] = schema.required?.includes(name) ? valid : weighted<Maybe>([1, fc.constant(OMIT)], [2, valid]);
    }
    const valid = fc.record(model).map(withoutOmitted);
    const names = Object.keys(properties);
    if (mode === 'valid') return valid;
    if (names.length === 0) return fc.constantFrom(...EXTRA_FIELDS);
    const broken = fc.subarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }).chain((picked) => {
      const damage: Record<string, fc.Arbitrary<Maybe>> = {};
      for (const name of picked) {
        const required = schema.required?.includes(name) ?? false;
        damage[name] = weighted<Maybe>([4, this.malformed(properties[name]!, name, where, op)], [required ? 1 : 0, fc.constant(OMIT)]);
      }
      return fc.record(damage);
    });
    return fc.tuple(valid, broken).map(([v, b]) => withoutOmitted({ ...v, ...b }));
  }

  /** Required files present (a small real picture), optional ones sometimes. */
  private validFiles(fields: FileField[]): fc.Arbitrary<FilePart[]> {
    const parts = fields.map((f) =>
      f.required
        ? fc.constant([{ field: f.name, kind: 'png' as const }])
        : fc.constantFrom<FilePart[]>([], [{ field: f.name, kind: 'png' }]),
    );
    return fc.tuple(...parts).map((p) => p.flat());
  }

  /** One file field broken: not a picture, missing, too many, under another name, or over the size limit. */
  private brokenFiles(fields: FileField[]): fc.Arbitrary<FilePart[]> {
    if (fields.length === 0) return fc.constant([{ field: 'unexpected', kind: 'png' }]);
    return fc.constantFrom(...fields).chain((f) => {
      const one = (kind: FileKind, field = f.name): FilePart[] => [{ field, kind }];
      return weighted<FilePart[]>(
        [4, fc.constantFrom<FileKind>('notImage', 'empty', 'truncatedPng', 'svg').map((kind) => one(kind))],
        [1, fc.constant([])],
        [1, fc.constant(Array.from({ length: f.max + 1 }, () => ({ field: f.name, kind: 'png' as const })))],
        [1, fc.constant(one('png', `${f.name}_unexpected`))],
        [1, fc.constant(one('oversized'))],
      );
    });
  }
  /** A value the schema accepts, preferring known rows. */
  valid(schema: JsonSchema, name: string, where: Where, op: Operation): fc.Arbitrary<Wire> {
    const pool = this.pools(name, op);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (schema.enum) return fc.constantFrom(...(schema.enum as Wire[]));
    if (alternatives) return fc.oneof(...alternatives.map((a) => this.valid(a, name, where, op)));
    switch (schema.type) {
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? -1_000_000;
        const max = schema.maximum ?? 1_000_000;
        const any =
          schema.type === 'integer'
            ? weighted<Wire>([1, fc.constantFrom(min, max)], [3, fc.integer({ min, max })])
            : fc.double({ min, max, noNaN: true });
        return pool ? weighted([4, fc.constantFrom(...pool)], [1, any]) : any;
      }
      case 'string': {
        const min = schema.minLength ?? 0;
        const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
        if (schema.format === 'date') return fc.constantFrom('2026-03-02', '2026-01-01', '2025-11-01', '2000-01-01', '2100-12-31');
        const text = weighted<Wire>(
          [2, fc.constantFrom(...phrases).map((p) => fit(p, min, max))],
          [1, fc.string({ minLength: min, maxLength: max })],
        );
        return pool ? weighted([3, fc.constantFrom(...pool)], [1, text]) : text;
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        // A few items, or exactly as many as allowed (sums over a full order, a full removal list).
        const item = this.valid(schema.items ?? {}, name, where, op);
        const min = schema.minItems ?? 0;
        const few = fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)) });
        const full = schema.maxItems;
        return full === undefined || full > 100 ? few : weighted([3, few], [1, fc.array(item, { minLength: full, maxLength: full })]);
      }
      case 'object':
        return this.object(schema, 'valid', where, op);
      default:
        return pool ? fc.constantFrom(...pool) : fc.constantFrom<Wire>('1', 1, true);
    }
  }

  /** A boundary or malformed value for the schema's type, or any other catalogued one. */
  malformed(schema: JsonSchema, name: string, where: Where, op: Operation): fc.Arbitrary<Wire> {
    const inUrl = where === 'path' || where === 'query' || where === 'header';
    const generic = weighted<Wire>([2, fc.constantFrom(...STRING_EDGES)], [1, fc.constantFrom(...(inUrl ? URL_EDGES : WRONG_TYPES))]);
    return weighted([3, this.typed(schema, name, where, op)], [1, generic]);
  }

  private typed(schema: JsonSchema, name: string, where: Where, op: Operation): fc.Arbitrary<Wire> {
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (schema.enum) {
      const first = schema.enum[0];
      const near: Wire[] =
        typeof first === 'string'
          ? [first.toUpperCase(), `${first} `, `${first}\u0000`, 'unknown', '']
          : [0, 99, -1, 1.5, '01', new Raw('1e400')];
      return fc.constantFrom(...near);
    }
    if (alternatives) return fc.oneof(...alternatives.map((a) => this.typed(a, name, where, op)));
    switch (schema.type) {
      case 'integer':
      case 'number': {
        const outside: Wire[] = [];
        if (schema.minimum !== undefined) outside.push(schema.minimum - 1);
        if (schema.maximum !== undefined) outside.push(schema.maximum + 1);
        return weighted(
          [4, fc.constantFrom(...NUMBER_EDGES)],
          [2, fc.constantFrom(...NUMBER_LIKE, ...outside)],
          [1, fc.constantFrom(...WRONG_TYPES)],
        );
      }
      case 'string': {
        const lengths: Wire[] = [];
        if (schema.maxLength !== undefined && schema.maxLength < HUGE_TEXT.length) lengths.push('x'.repeat(schema.maxLength + 1));
        if (schema.minLength !== undefined && schema.minLength > 1) lengths.push('x'.repeat(schema.minLength - 1));
        if (schema.format === 'date') return weighted([4, fc.constantFrom(...DATE_EDGES)], [1, fc.constantFrom(...NUMBER_EDGES)]);
        return weighted(
          [4, fc.constantFrom(...STRING_EDGES, ...lengths)],
          [1, fc.constantFrom(...NUMBER_EDGES)],
          [1, fc.constantFrom(...WRONG_TYPES)],
        );
      }
      case 'boolean':
        return fc.constantFrom(...BOOLEAN_EDGES, ...WRONG_TYPES.filter((v) => typeof v !== 'boolean'), 0, 1);
      case 'array': {
        const items = schema.items ?? {};
        const valid = this.valid(items, name, where, op);
        const overfull = schema.maxItems !== undefined ? schema.maxItems + 1 : 101;
        return weighted<Wire>(
          [1, fc.constant([])],
          [
            2,
            items.type === 'integer'
              ? fc.constant(Array.from({ length: 10_000 }, (_, i) => i + 1))
              : valid.map((v) => Array.from({ length: 10_000 }, () => v)),
          ],
          [1, valid.map((v) => Array.from({ length: overfull }, () => v))],
          [3, fc.array(this.malformed(items, name, where, op), { minLength: 1, maxLength: 3 })],
          [1, valid],
        );
      }
      case 'object':
        return weighted<Wire>([3, this.object(schema, 'broken', where, op)], [1, fc.constantFrom(...WRONG_TYPES)]);
      default:
        return fc.constantFrom(...STRING_EDGES, ...NUMBER_EDGES);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering a generated request for app.inject
// ---------------------------------------------------------------------------------------------

export interface RenderedRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export function urlOf(op: Operation, input: RequestInput): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => urlText(input.path[name] ?? ''));
  const pairs = Object.entries(input.query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeComponent(key)}=${urlText(v)}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export async function render(op: Operation, input: RequestInput, files: FileFixtures): Promise<RenderedRequest> {
  const headers: Record<string, string> = { 'accept-language': input.language };
  for (const [name, value] of Object.entries(input.headers)) headers[name] = headerText(value);
  const request: RenderedRequest = { method: op.method, url: urlOf(op, input), headers };
  const body = input.body;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    request.payload = toJson(body.value);
  } else if (body.kind === 'raw') {
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
    request.payload = body.payload;
  } else if (body.kind === 'form') {
    const encoded = await encodeForm(body, files);
    headers['content-type'] = encoded.contentType;
    request.payload = encoded.payload;
  }
  return request;
}

async function encodeForm(
  body: Extract<BodyInput, { kind: 'form' }>,
  files: FileFixtures,
): Promise<{ contentType: string; payload: Buffer }> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(body.fields)) fields[name] = Array.isArray(value) ? value.map(plainText) : plainText(value);
  if (body.breakage === 'too-many-parts') for (let i = 0; i < 70; i++) fields[`filler${i}`] = 'x';
  if (body.breakage === 'field-too-large') fields.note = 'x'.repeat(65 * 1024);
  const encoded = await multipart(
    fields,
    body.files.map((f) => ({ field: f.field, name: files[f.kind].filename, data: files[f.kind].data, type: files[f.kind].type })),
  );
  let contentType = encoded.headers['content-type'];
  let payload = encoded.payload;
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  switch (body.breakage) {
    case 'wrong-boundary':
      contentType = 'multipart/form-data; boundary=not-the-boundary';
      break;
    case 'missing-boundary':
      contentType = 'multipart/form-data';
      break;
    case 'empty-boundary':
      contentType = 'multipart/form-data; boundary=';
      break;
    case 'truncated':
      payload = payload.subarray(0, Math.floor(payload.length / 2));
      break;
    case 'unterminated':
      payload = payload.subarray(0, payload.length - (boundary.length + 6));
      break;
    case 'nameless-part':
      payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n`), payload]);
      break;
    case 'headerless-part':
      payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nheaderless\r\n`), payload]);
      break;
    case 'garbage':
      payload = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151) % 256));
      break;
  }
  return { contentType, payload };
}

// ---------------------------------------------------------------------------------------------
// Checking answers and describing inputs
// ---------------------------------------------------------------------------------------------

const ENVELOPE_KEYS = new Set(['statusCode', 'code', 'message', 'details', 'requestId']);
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The error code of an answer, when its body is JSON with one. */
export function codeOf(answer: Answer): string | undefined {
  try {
    const code = (JSON.parse(answer.body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Statuses any request can meet, documented by each operation's `default` answer (plugins/openapi.ts). */
export const ANY_OPERATION: ReadonlySet<number> = new Set([408, 414, 431, 500, 503]);

/**
 * Why an answer is not one the operation documents (decision 0025), or undefined when it is: its status
 * must be one of the operation's responses (an error any request can meet: the `default` one), and its
 * content type one of that response's (none where it has no content, as a redirect).
 */
export function contractProblem(op: Pick<Operation, 'responses'>, answer: Answer): string | undefined {
  if (answer.statusCode === 0) return undefined;
  const status = String(answer.statusCode);
  const documented = op.responses.has(status)
    ? op.responses.get(status)
    : ANY_OPERATION.has(answer.statusCode)
      ? op.responses.get('default')
      : undefined;
  if (documented === undefined) return `status ${status} is not in the document's responses of the operation`;
  const type = String(answer.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (documented === null)
    return answer.body.length > 0 ? `status ${status} answers a body (${type || 'no type'}) where the document lists none` : undefined;
  if (!documented.has(type)) return `status ${status} answers content type "${type}", the document lists ${[...documented].join(', ')}`;
  return undefined;
}

/** Why an error answer (4xx, 5xx) is not the envelope, or undefined when it is (or is no error). */
export function envelopeProblem(answer: Answer): string | undefined {
  if (answer.statusCode < 400) return undefined;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type "${type}" is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const e = body as Record<string, unknown>;
  const extra = Object.keys(e).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length) return `unexpected keys: ${extra.join(', ')}`;
  if (e.statusCode !== answer.statusCode) return `statusCode ${JSON.stringify(e.statusCode)} is not the HTTP status`;
  if (typeof e.code !== 'string' || !UPPER_SNAKE.test(e.code)) return `code ${JSON.stringify(e.code)} is not UPPER_SNAKE`;
  if (typeof e.message !== 'string' || e.message.trim() === '') return 'message is missing or empty';
  if (typeof e.requestId !== 'string' || e.requestId === '') return 'requestId is missing';
  return undefined;
}

/** A short, readable form of a generated input: long strings and arrays abbreviated. */
export function describeInput(input: RequestInput, limit = 400): string {
  const short = (value: Wire): unknown => {
    if (value instanceof Raw) return `raw:${value.text}`;
    if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 12)}…(${value.length} chars)` : value;
    if (Array.isArray(value))
      return value.length > 10 ? `[${value.length} × ${JSON.stringify(short(value[0] ?? null))}]` : value.map(short);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, short(v)]));
    return value;
  };
  const parts: Record<string, unknown> = {};
  if (Object.keys(input.path).length) parts.path = short(input.path);
  if (Object.keys(input.query).length) parts.query = short(input.query);
  if (Object.keys(input.headers).length) parts.headers = short(input.headers);
  const body = input.body;
  if (body.kind === 'json') parts.json = short(body.value);
  else if (body.kind === 'raw') parts.raw = { contentType: body.contentType, payload: short(body.payload) };
  else if (body.kind === 'form')
    parts.form = { fields: short(body.fields), files: body.files.map((f) => `${f.field}:${f.kind}`), breakage: body.breakage };
  const text = JSON.stringify(parts);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
