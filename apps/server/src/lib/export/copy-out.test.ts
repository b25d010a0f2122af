import { describe, expect, it } from 'vitest';
import { inlineParams } from './copy-out.ts';

/** A COPY takes no parameters: the export writes them into its query (copy-out.ts, docs/decisions/0005-bulk-loads.md). */
describe('inlineParams', () => {
  it('writes each $n as its literal, leaving quoted strings and names alone', () => {
    const params = [1, 'a', 3, 4, 5, 6, 7, 8, 9, 'diez', true];
    expect(inlineParams(`select $1, $10, $11 from "t$1" where x = '$2' and y = 'it''s $3' and z = $2`, params)).toBe(
      `select 1, E'diez', true from "t$1" where x = '$2' and y = 'it''s $3' and z = E'a'`,
    );
  });

  it('escapes quotes and backslashes whatever standard_conforming_strings says, and refuses what it cannot write', () => {
    expect(inlineParams('select $1', ["o'brien\\'; drop table users; --"])).toBe(`select E'o''brien\\\\''; drop table users; --'`);
    expect(() => inlineParams('select $1', [new Date()])).toThrow();
    expect(() => inlineParams('select $1', [Number.NaN])).toThrow();
  });
});
