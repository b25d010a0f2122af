import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountSchema,
  boolish,
  idSchema,
  inputWireOf,
  intSchema,
  NOT_A_NUMBER,
  numberSchema,
  paginationSchema,
  queryBool,
  queryId,
  queryInt,
  queryNumber,
  requiredId,
  requiredInt,
  requiredNumber,
  requiredSignedChange,
  signedChangeSchema,
} from './common.ts';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value);
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('JSON body primitives (docs/architecture.md A4): JSON numbers only, nothing coerced', () => {
  it('take a whole JSON number in range', () => {
    expect(accepts(idSchema, 16).data).toBe(16);
    expect(accepts(intSchema(1, 5), 5).data).toBe(5);
    expect(accepts(amountSchema, 0).data).toBe(0);
    expect(accepts(signedChangeSchema, -3).data).toBe(-3);
    expect(accepts(numberSchema(-90, 90), -33.45).data).toBe(-33.45);
  });

  it('refuse text, booleans, fractions, null and numbers out of range', () => {
    for (const value of [true, false, '1', '16', '0x10', '1e3', ' 7 ', '', 1.5, null, undefined, [1], {}, Infinity, NaN, 0, 2 ** 31]) {
      expect(accepts(idSchema, value).success, JSON.stringify(value)).toBe(false);
    }
    expect(accepts(intSchema(1, 5), 6).success).toBe(false);
    expect(accepts(signedChangeSchema, 0).success).toBe(false);
    // Nothing there is 'Required field' (docs/architecture.md P5); another type says what it got.
    for (const value of [undefined, null, '']) expect(messageOf(idSchema, value), String(value)).toBe('Required field');
    expect(messageOf(idSchema, '16')).toMatch(/expected number, received string/);
    expect(accepts(numberSchema(-90, 90), '-33.45').success).toBe(false);
  });
});

describe('query primitives: the decimal digits of the number, nothing else', () => {
  it('read decimal digits', () => {
    expect(accepts(queryId, '16').data).toBe(16);
    expect(accepts(queryId, '007').data).toBe(7);
    expect(accepts(queryInt(-5, 5), '-5').data).toBe(-5);
    expect(accepts(queryNumber(-90, 90), '-33.45').data).toBe(-33.45);
    expect(accepts(queryNumber(-90, 90), '40').data).toBe(40);
  });

  it('refuse hex, exponents, spaces, signs, other digits, booleans, empty text and JSON numbers', () => {
    for (const value of ['0x10', '1e3', ' 7', '7 ', '+1', '1.5', '1_000', 'Infinity', 'NaN', '٣', '１', 'true', '', '-1', 16, true, null]) {
      expect(accepts(queryId, value).success, JSON.stringify(value)).toBe(false);
    }
    expect(messageOf(queryId, '0x10')).toBe(NOT_A_NUMBER);
    expect(messageOf(queryId, '')).toBe('Required field');
    expect(messageOf(queryId, undefined)).toBe('Required field');
    for (const value of ['1e1', '.5', '5.', '-', '--1', ' 1.5']) expect(accepts(queryNumber(-90, 90), value).success, value).toBe(false);
    expect(accepts(queryInt(1, 5), '6').success).toBe(false);
    expect(accepts(queryId, '99999999999999999999').success).toBe(false);
  });

  it('page and page size default, and read only digits', () => {
    expect(paginationSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(paginationSchema.parse({ page: '2', pageSize: '50' })).toEqual({ page: 2, pageSize: 50 });
    expect(paginationSchema.safeParse({ page: '0x2' }).success).toBe(false);
  });

  it('booleans are true, false, 1 or 0', () => {
    expect(accepts(queryBool, 'true').data).toBe(true);
    expect(accepts(queryBool, '0').data).toBe(false);
    for (const value of ['yes', 'TRUE', 'on', '', true]) expect(accepts(queryBool, value).success, String(value)).toBe(false);
  });
});

describe('form primitives: a number, or its decimal digits; an empty field is required', () => {
  it('read numbers and their digits', () => {
    expect(accepts(requiredId, '12').data).toBe(12);
    expect(accepts(requiredId, 12).data).toBe(12);
    expect(accepts(requiredInt(-5, 5), '-5').data).toBe(-5);
    expect(accepts(requiredNumber(-90, 90), '-33.5').data).toBe(-33.5);
    expect(accepts(requiredSignedChange, '-3').data).toBe(-3);
    expect(accepts(boolish, 'true').data).toBe(true);
    expect(accepts(boolish, false).data).toBe(false);
  });

  it("say 'Required field' for an empty field, a number input left empty (NaN) or nothing; other text is no number", () => {
    for (const value of ['', null, undefined, NaN]) expect(messageOf(requiredInt(1, 5), value), String(value)).toBe('Required field');
    for (const value of ['1e3', '0x10', ' 3', 'abc', 'true']) expect(messageOf(requiredInt(1, 5), value), value).toBe(NOT_A_NUMBER);
    expect(accepts(requiredInt(1, 5), true).success).toBe(false);
    expect(accepts(requiredInt(1, 5), 1.5).success).toBe(false);
    expect(messageOf(requiredSignedChange, '0')).toBe('Must not be zero');
  });
});

describe('families', () => {
  it('a query or form primitive keeps its family when refined or wrapped; JSON primitives have none', () => {
    expect(inputWireOf(queryId)).toBe('query');
    expect(inputWireOf(queryInt(1, 5).refine((v) => v !== 3))).toBe('query');
    expect(inputWireOf(requiredSignedChange)).toBe('form');
    expect(inputWireOf(boolish)).toBe('form');
    expect(inputWireOf(idSchema)).toBeUndefined();
    expect(inputWireOf(signedChangeSchema)).toBeUndefined();
  });

  it('the OpenAPI document shows query and form numbers by their value: integers with their bounds', () => {
    const json = z.toJSONSchema(
      z.object({ page: queryInt(1, 10), id: queryId, lat: queryNumber(-90, 90), points: requiredInt(1, 5), n: intSchema(1, 5) }),
      {
        io: 'input',
        target: 'openapi-3.0',
        unrepresentable: 'any',
      },
    ) as { properties: Record<string, unknown> };
    expect(json.properties).toEqual({
      page: { type: 'integer', minimum: 1, maximum: 10 },
      id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      lat: { type: 'number', minimum: -90, maximum: 90 },
      points: { type: 'integer', minimum: 1, maximum: 5 },
      n: { type: 'integer', minimum: 1, maximum: 5 },
    });
  });
});
