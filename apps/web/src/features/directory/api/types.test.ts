import { describe, expect, it } from 'vitest';
import {
  directoryActions,
  directoryAttributes,
  directoryOfficeAttributes,
  directorySources,
  directorySyncRowErrors,
} from '@rewards/shared/directory';
import en from '@/locales/en/directory.json';
import es from '@/locales/es/directory.json';
import { actions, attributes, officeAttributes, sources, syncRowErrors } from './types';

// The page repeats the contract's lists as values (its schemas' module would bring zod into the page); they
// must stay the contract's, and every value the server may send must have its words in both languages.
describe("the directory's lists in the web", () => {
  it('are those of packages/shared/src/directory.ts, in its order', () => {
    expect(officeAttributes).toEqual(directoryOfficeAttributes);
    expect(attributes).toEqual(directoryAttributes);
    expect(actions).toEqual(directoryActions);
    expect(sources).toEqual(directorySources);
    expect(syncRowErrors).toEqual(directorySyncRowErrors);
  });

  it.each([
    ['es', es],
    ['en', en],
  ] as const)('each has its text in %s', (_, texts) => {
    const missing = (group: Record<string, string>, keys: readonly string[]) => keys.filter((k) => !group[k]?.trim());
    expect(missing(texts.officeAttributes, directoryOfficeAttributes)).toEqual([]);
    expect(missing(texts.attributes, directoryAttributes)).toEqual([]);
    expect(missing(texts.actions, directoryActions)).toEqual([]);
    expect(missing(texts.sources, directorySources)).toEqual([]);
    expect(missing(texts.rowErrors, directorySyncRowErrors)).toEqual([]);
  });
});
