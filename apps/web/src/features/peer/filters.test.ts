import { describe, expect, it } from 'vitest';
import * as server from '@rewards/shared/page-requests';
import { feedFiltersOf, feedSearchOf, idParam } from './filters';

describe("the feed's address", () => {
  it('reads its filters as the server does for the first data', () => {
    for (const query of [
      '',
      'valueId=3',
      'valueId=3&personId=7&storeId=2',
      'valueId=0&personId=-1&storeId=x',
      'personId=99999999999',
      'valueId=03',
    ]) {
      const search = new URLSearchParams(query);
      expect(feedFiltersOf(search), query).toEqual(server.feedFiltersOf(search));
    }
    for (const id of ['7', '0', 'abc', '', undefined, '2147483648']) expect(idParam(id), id).toBe(server.idParam(id));
  });

  it('writes them back into the address', () => {
    expect(feedSearchOf({ valueId: 3, storeId: 2 }).toString()).toBe('valueId=3&storeId=2');
    expect(feedFiltersOf(feedSearchOf({ personId: 7 }))).toEqual({ personId: 7 });
  });
});
