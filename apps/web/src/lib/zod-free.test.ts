import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = path.join(root, 'packages/shared/src');

/** The modules the web may import values from: the allow-list of eslint.config.js (docs/decisions/0028). */
function allowList(): string[] {
  const config = fs.readFileSync(path.join(root, 'eslint.config.js'), 'utf8');
  const list = /'\^@rewards\/shared\/\(\?!\(([\w|-]+)\)\$\)'/.exec(config)?.[1];
  if (!list) throw new Error('the allow-list of no-restricted-imports was not found in eslint.config.js');
  return list.split('|');
}

/** What a module imports at run time (type-only imports and exports are erased). */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

/** Every module `name` reaches, itself included; throws on a package outside this one. */
function reach(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const spec of valueImports(path.join(dir, `${name}.ts`))) {
    if (!spec.startsWith('./')) throw new Error(`${name}.ts imports ${spec}`);
    reach(spec.slice(2).replace(/\.ts$/, ''), seen);
  }
  return seen;
}

describe('the zod-free modules of packages/shared', () => {
  it('the modules the web may import values from bring no zod, directly or through another module', () => {
    const names = allowList();
    expect(names).toContain('profile-rules');
    for (const name of names) expect(() => reach(name), name).not.toThrow();
  });

  it('sees a schema module as what it is', () => {
    expect(() => reach('stores')).toThrow(/imports zod/);
  });
});
