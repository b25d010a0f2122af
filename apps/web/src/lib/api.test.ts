import { describe, expect, it } from 'vitest';
import { buildQuery } from './api';

describe('buildQuery', () => {
  it('skips empty and null values and URL-encodes the rest (SPEC.md section 5)', () => {
    expect(buildQuery({ page: 1, search: 'café con leche', storeId: null, empty: '', missing: undefined })).toBe(
      '?page=1&search=caf%C3%A9+con+leche',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});
