/**
 * The served OpenAPI document is one integrators' tools accept (decision 0025). It passes swagger-parser's
 * validation and Redocly's lint (recommended rules, `redocly.yaml` at the root: 0 errors, warnings only of
 * the rules kept there with their reason), declares who may call each operation as the server enforces
 * it, and leaves out the bundled identity provider and internal routes (docs/decisions/0025-openapi-contract.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { factories } from './factories.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { headers?: Record<string, unknown> }> };
}
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

let t: TestApp;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  // The benchmark's route is on, to see it left out.
  t = await createTestApp({ BENCH_ROUTES: 'true' });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );
});
afterAll(() => t?.close());

/** The rules redocly.yaml keeps as warnings (`<rule>: warn`), each under a comment that gives its reason. */
function keptWarnings(): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8');
  return new Set([...text.matchAll(/^\s+([a-z0-9.-]+):\s*warn\s*$/gm)].map((m) => m[1]!));
}

describe('the OpenAPI document (decision 0025)', () => {
  it('is valid OpenAPI for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('passes Redocly lint with the recommended rules: no error, warnings only of the rules redocly.yaml keeps', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'],
        {
          cwd: ROOT,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' })));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const result = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const show = (p: LintProblem) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`;
    const byRule = (severity: LintProblem['severity']) => {
      const counts: Record<string, number> = {};
      for (const p of result.problems) if (p.severity === severity) counts[p.ruleId] = (counts[p.ruleId] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    console.log(`openapi lint: ${result.totals.errors} errors ${byRule('error')}, ${result.totals.warnings} warnings ${byRule('warn')}`);
    expect(result.problems.filter((p) => p.severity === 'error').map(show)).toEqual([]);
    const kept = keptWarnings();
    expect(result.problems.filter((p) => p.severity === 'warn' && !kept.has(p.ruleId)).map(show)).toEqual([]);
  }, 60_000);

  it('has the API and SCIM only: no identity provider, no internal route, no documentation routes', () => {
    const paths = Object.keys(doc.paths);
    const api = (p: string) => p.startsWith('/api/') && !p.startsWith('/api/bench') && !p.startsWith('/api/docs');
    expect(paths.filter((p) => !api(p) && !p.startsWith('/scim/v2/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/scim/v2/')).sort()).toEqual([
      '/scim/v2/ResourceTypes',
      '/scim/v2/ResourceTypes/{id}',
      '/scim/v2/Schemas',
      '/scim/v2/Schemas/{id}',
      '/scim/v2/ServiceProviderConfig',
      '/scim/v2/Users',
      '/scim/v2/Users/{id}',
    ]);
    expect(paths.length).toBeGreaterThan(100);
  });

  it('names PUBLIC_URL as its server', () => {
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('gives every operation a unique operationId (from method and path unless the route names one), a summary and a tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { method, path: p, op } of operations) {
      expect(op.summary, `${method} ${p}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${p}`).toBeGreaterThan(0);
      expect(op.operationId, `${method} ${p}`).toBe(operationIdOf(method, p));
    }
    expect(operationIdOf('GET', '/api/products/stock/{productId}/{quantity}')).toBe('getProductsStockByProductIdByQuantity');
    expect(operationIdOf('PUT', '/api/challenges/activate/:id')).toBe('putChallengesActivateById');
  });

  it('declares the credentials each operation takes as the server enforces them: none for public ones, else cookie or token', async () => {
    const mismatches: string[] = [];
    for (const [i, { method, path: p, op }] of operations.entries()) {
      const isPublic = op.security?.length === 0;
      if (p.startsWith('/scim/v2/')) {
        // SCIM takes a directory connection's token and nothing else (docs/architecture.md A6.18).
        expect(op.security, `${method} ${p}`).toEqual([{ scim: [] }]);
        expect(op.responses['401'], `${method} ${p}`).toBeDefined();
      } else if (!isPublic) {
        expect(op.security, `${method} ${p}`).toContainEqual({ session: [] });
        expect(op.responses['401'], `${method} ${p}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
      }
      // Access is decided before the input is read: an anonymous request shows it whatever it carries.
      const url = p.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({ method: method as 'GET', url, remoteAddress: `10.9.${i}.1` });
      if ((res.statusCode === 401) !== !isPublic)
        mismatches.push(`${method} ${p}: documented ${isPublic ? 'public' : 'signed-in'}, answered ${res.statusCode}`);
    }
    expect(mismatches).toEqual([]);
    // A personal token cannot mint another one: that operation takes the session only.
    expect(doc.paths['/api/users/tokens']!.post!.security).toEqual([{ session: [] }]);
  });

  it('answers errors with the shared envelope, 429 with Retry-After', () => {
    expect(doc.components.responses.TooManyRequests!.headers).toHaveProperty('Retry-After');
    for (const { method, path: p, op } of operations) {
      if (p.startsWith('/scim/v2/')) {
        // SCIM's own error format, in its own media type.
        expect(op.responses.default, `${method} ${p}`).toEqual({ $ref: '#/components/responses/ScimError' });
        expect(Object.keys((op.responses['401'] as { content?: object }).content ?? {}), `${method} ${p}`).toEqual([
          'application/scim+json',
        ]);
        continue;
      }
      expect(op.responses.default, `${method} ${p}`).toEqual({ $ref: '#/components/responses/Error' });
      if (method !== 'GET') expect(op.responses['429'], `${method} ${p}`).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
    expect(doc.paths['/api/auth/callback']!.get!.responses['429']).toBeDefined();
  });

  it('lists what the server answers besides JSON: files, redirects, the 404 of a record named inside a body', async () => {
    // An unknown or inactive product in a buy-now line is 404 (docs/architecture.md A6.5): the field is nested.
    expect(doc.paths['/api/orders']!.post!.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    const shopper = await factories(t).shopper({ points: 1000 });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...shopper.headers, 'idempotency-key': 'contract-unknown-product' },
      payload: { lines: [{ productId: 2_000_000_000, quantity: 1 }] },
    });
    expect(unknown.statusCode, unknown.body).toBe(404);

    type Answer = { description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };
    const answers = (path: string) => doc.paths[path]!.get!.responses as Record<string, Answer>;
    for (const path of ['/api/accounts/myMovements', '/api/accounts/movements', '/api/accounts/myMovementsAdmin']) {
      expect(Object.keys(answers(path)['200']!.content ?? {}).sort(), path).toEqual(['application/json', 'application/pdf']);
    }
    const pdf = await t.app.inject({ method: 'GET', url: '/api/accounts/myMovements?format=pdf', headers: shopper.headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Object.keys(answers('/api/loads/consolidated/export')['200']!.content ?? {}).sort()).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
    for (const path of ['/api/auth/login', '/api/auth/callback']) {
      expect(answers(path)['200'], path).toBeUndefined();
      expect(answers(path)['302']!.headers, path).toHaveProperty('Location');
    }
    expect(Object.keys(answers('/api/auth/login')['503']!.content ?? {}).sort()).toEqual(['application/json', 'text/html']);
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: '10.8.0.1' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBeTruthy();
  });

  it('reads query parameters from plain objects (the callback once listed `type` and `additionalProperties`)', () => {
    const callback = doc.paths['/api/auth/callback']!.get!.parameters!.map((p) => p.name);
    expect(callback).toEqual(['code', 'state', 'iss', 'session_state', 'error', 'error_description']);
    const schemaWords = new Set(['additionalProperties', 'properties', 'anyOf', 'oneOf', 'allOf', 'required']);
    expect(
      operations.flatMap(({ path: p, op }) => (op.parameters ?? []).filter((x) => schemaWords.has(x.name)).map((x) => `${p} ${x.name}`)),
    ).toEqual([]);
  });
});
