import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname);
type Tree = { [key: string]: Tree | string };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function load(lang: string) {
  const files = fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(files.map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, lang, f), 'utf8')) as Tree]));
}

describe('locales', () => {
  const en = load('en');
  const es = load('es');

  it('have the same files in es and en', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))('%s has the same keys in es and en, none empty', (file) => {
    expect(keys(es[file]!).sort()).toEqual(keys(en[file]!).sort());
    for (const tree of [en[file]!, es[file]!]) {
      const values = keys(tree).map((k) => k.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree));
      expect(values.filter((v) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    }
  });

  it('every t() key used in the web app exists in both languages', () => {
    const src = path.resolve(dir, '..');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') && e.name !== 'translator.test.tsx')
          files.push(path.join(d, e.name));
      }
    };
    walk(src);
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      // The file's namespace: the first one its `useTranslation` names (`useTranslation(cond ? ['a', 'b'] : 'a')` too).
      const ns = /useTranslation\([^'()]*?'(\w+)'/.exec(text)?.[1] ?? 'common';
      for (const m of text.matchAll(/\bt\('([\w.:]+)'(, \{[^}]*ns: '(\w+)')?/g)) {
        const [nsPart, key] = m[1]!.includes(':') ? m[1]!.split(':') : [m[3] ?? ns, m[1]!];
        if (nsPart === 'errors') continue; // from packages/shared, checked there
        for (const [lang, tree] of [
          ['en', en],
          ['es', es],
        ] as const) {
          const root = tree[`${nsPart}.json`];
          const lookup = (k: string) =>
            root &&
            k.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), root);
          // i18next plurals: `key` may live as `key_one` / `key_other`.
          const found = lookup(key!) ?? lookup(`${key}_other`);
          if (found === undefined) missing.push(`${lang}/${nsPart}:${key} (${path.relative(src, file)})`);
        }
      }
      // A key built at run time (`t(`about.per.${period}`)`): its fixed start must be a group of texts there.
      // Not where the namespace is the caller's (a `t` passed in, `useTranslation(ns)`).
      if (!text.includes('useTranslation(') || /useTranslation\(\w+\)/.test(text)) continue;
      for (const m of text.matchAll(/\bt\(`([\w:]+(?:\.\w+)*)\.\$\{[^`]*`(, \{[^}]*ns: '(\w+)')?/g)) {
        const [nsPart, prefix] = m[1]!.includes(':') ? m[1]!.split(':') : [m[3] ?? ns, m[1]!];
        if (nsPart === 'errors') continue;
        for (const [lang, tree] of [
          ['en', en],
          ['es', es],
        ] as const) {
          const root = tree[`${nsPart}.json`];
          const node =
            root && prefix!.split('.').reduce<Tree | string | undefined>((n, part) => (typeof n === 'object' ? n[part] : undefined), root);
          if (typeof node !== 'object') missing.push(`${lang}/${nsPart}:${prefix}.* (${path.relative(src, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
