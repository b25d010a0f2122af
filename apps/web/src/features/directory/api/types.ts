/**
 * The directory API's shapes (docs/architecture.md A6.18), from packages/shared/src/directory.ts: types only,
 * its zod schemas stay out of the page; the lists the page iterates over come from its zod-free part,
 * packages/shared/src/directory-rules.ts.
 */
export type {
  AttributeChanges,
  DirectoryAction,
  DirectoryAttribute,
  DirectoryAuditItem,
  DirectoryConnection,
  DirectoryConnectionCreate,
  DirectoryConnectionCreated,
  DirectoryOfficeAttribute,
  DirectorySource,
  DirectorySyncReport,
  DirectorySyncRowError,
} from '@rewards/shared/directory';

// The lists the page iterates over, from the contract's zod-free module.
export {
  directoryOfficeAttributes as officeAttributes,
  directoryAttributes as attributes,
  directoryActions as actions,
  directorySources as sources,
  directorySyncRowErrors as syncRowErrors,
} from '@rewards/shared/directory-rules';
