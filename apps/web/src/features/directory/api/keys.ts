import type { DirectorySource } from './types';

export interface AuditFilters {
  page: number;
  source?: DirectorySource;
}

/** Query keys of the directory: every one starts with `directory`. */
export const directoryKeys = {
  all: ['directory'] as const,
  connections: ['directory', 'connections'] as const,
  audits: ['directory', 'audit'] as const,
  audit: (filters: AuditFilters) => ['directory', 'audit', filters] as const,
};
