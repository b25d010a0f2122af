import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { wallCases } from './fixtures/walls/cases.ts';

// The server's layer rule (docs/architecture.md A3) is the repository's ESLint configuration: a back arrow
// fails `npm run lint`. Each case is linted as if it were a file of the tree at its place.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

describe('walls on the server', () => {
  it.each(wallCases)('$name: refused = $refused', async ({ at, source, refused }) => {
    const [result] = await eslint.lintText(source, { filePath: path.join(root, at) });
    const walls = result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
    expect(walls.length > 0).toBe(refused);
    expect(result!.messages.filter((m) => m.severity === 2 && m.ruleId !== 'import-x/no-restricted-paths')).toEqual([]);
  });
});
