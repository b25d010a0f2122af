/**
 * The last lines of `vitest run` (next to the default reporter, vitest.config.ts) say which suites did not
 * run for want of PostgreSQL or Redis, as e2e/run.mjs does for the browser journeys: a suite that needs one
 * is written `describe.runIf(process.env.TEST_DATABASE_URL)` or `.runIf(redisUrl)` with
 * `const redisUrl = process.env.TEST_REDIS_URL` (an `it.runIf` the same), and a skipped one reads as
 * nothing in the default summary. This reporter reads the condition where the skipped suite is written.
 *
 * With CI set, such a suite fails the run instead: CI provides Redis to every pass of .ci/run, and
 * PostgreSQL to all but the pass on the embedded database (TEST_REDIS_URL set, TEST_DATABASE_URL not),
 * where the suites that need PostgreSQL are left to the PostgreSQL pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';

const SERVICES = { TEST_DATABASE_URL: 'PostgreSQL', TEST_REDIS_URL: 'Redis' } as const;
type Variable = keyof typeof SERVICES;
const VARIABLES = Object.keys(SERVICES) as Variable[];

interface NotRun {
  /** `file > suite` */
  where: string;
  /** The variables its condition names, and those of them that are unset. */
  needs: Variable[];
  missing: Variable[];
  tests: number;
}

const set = (v: Variable) => Boolean(process.env[v]);
const ci = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!.toLowerCase());

/**
 * The condition of `describe.runIf(condition)(…)` (or `it.runIf`) when that is the call at `location`: Vitest
 * places a suite there at the parenthesis of its name, right after the `runIf(…)` that made it. Undefined
 * for any other call (a plain `it.skip`, a test left out by a name filter).
 */
function runIfCondition(source: string, location: { line: number; column: number }): string | undefined {
  const lineStart = source
    .split('\n')
    .slice(0, location.line - 1)
    .reduce((n, l) => n + l.length + 1, 0);
  const before = source.slice(0, lineStart + location.column - 1).trimEnd();
  if (!before.endsWith(')')) return undefined;
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    if (before[i] === ')') depth++;
    else if (before[i] === '(' && --depth === 0) {
      return before.slice(0, i).trimEnd().endsWith('.runIf') ? before.slice(i + 1, -1) : undefined;
    }
  }
  return undefined;
}

/** The service variables that the `runIf` of the suite at `location` waits for (empty: none). */
function serviceGate(file: string, location: { line: number; column: number }, sources: Map<string, string>): Variable[] {
  if (!sources.has(file)) sources.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const source = sources.get(file)!;
  const condition = runIfCondition(source, location);
  if (condition === undefined) return [];
  const aliases = [...source.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*process\.env\.(\w+)/g)];
  return VARIABLES.filter(
    (v) =>
      new RegExp(`process\\.env\\.${v}\\b`).test(condition) ||
      aliases.some(([, name, variable]) => variable === v && new RegExp(`\\b${name}\\b`).test(condition)),
  );
}

/** The outermost skipped suite (or the test itself) that a skipped test is in. */
function skippedRoot(test: TestCase): TestCase | TestSuite {
  let root: TestCase | TestSuite = test;
  for (let p = test.parent; p.type === 'suite'; p = p.parent) if (p.options.mode === 'skip') root = p;
  return root;
}

export default class NotRunReporter implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const sources = new Map<string, string>();
    const byRoot = new Map<TestCase | TestSuite, NotRun>();
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        const root = skippedRoot(test);
        let entry = byRoot.get(root);
        if (!entry) {
          const needs = root.location ? serviceGate(module.moduleId, root.location, sources) : [];
          const where = `${path.relative(this.vitest.config.root, module.moduleId)} > ${root.fullName}`;
          entry = { where, needs, missing: needs.filter((v) => !set(v)), tests: 0 };
          byRoot.set(root, entry);
        }
        entry.tests++;
      }
    }
    const notRun = [...byRoot.values()].filter((e) => e.missing.length > 0).sort((a, b) => a.where.localeCompare(b.where));
    if (notRun.length === 0) return;

    // In CI, only the pass on the embedded database may leave out what needs PostgreSQL (see above).
    const pglitePass = ci && !set('TEST_DATABASE_URL') && set('TEST_REDIS_URL');
    const failing = ci ? notRun.filter((e) => !(pglitePass && e.missing.every((v) => v === 'TEST_DATABASE_URL'))) : [];
    const label = (e: NotRun) => e.needs.map((v) => SERVICES[v]).join(' + ');
    const log = (line = '') => this.vitest.logger.log(line);

    log();
    log(' Not run: they need a service that this run does not have');
    for (const e of notRun) log(`   ${label(e).padEnd(19)} ${e.where} (${e.tests} ${e.tests === 1 ? 'test' : 'tests'})`);
    /** "2 PostgreSQL-only, 1 PostgreSQL + Redis suites (5 tests)", and the variables that would run them. */
    const summary = (entries: NotRun[]) => {
      const kinds = new Map<string, number>();
      for (const e of entries) kinds.set(label(e), (kinds.get(label(e)) ?? 0) + 1);
      const counts = [...kinds]
        .sort(([a], [b]) => a.split('+').length - b.split('+').length || a.localeCompare(b))
        .map(([k, n]) => `${n} ${k.includes('+') ? k : `${k}-only`}`)
        .join(', ');
      const tests = entries.reduce((n, e) => n + e.tests, 0);
      const unset = VARIABLES.filter((v) => entries.some((e) => e.missing.includes(v))).join(' / ');
      return { text: `${counts} ${entries.length === 1 ? 'suite' : 'suites'} (${tests} ${tests === 1 ? 'test' : 'tests'})`, unset };
    };
    if (failing.length > 0) {
      const { text, unset } = summary(failing);
      log(`FAILED, NOT RUN in CI: ${text}; CI must run them (set ${unset}).`);
      process.exitCode = 1;
    } else if (pglitePass) {
      log(`NOT RUN in this pass: ${summary(notRun).text} need PostgreSQL; the PostgreSQL pass of CI runs them.`);
    } else {
      const { text, unset } = summary(notRun);
      log(`NOT RUN: ${text}: set ${unset} to run them; CI runs them.`);
    }
  }
}
