/** Query keys of the challenges feature: every query starts with `challenges`, so one invalidation refreshes them all. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (query: object) => ['challenges', 'list', query] as const,
  one: (id: number) => ['challenges', 'one', id] as const,
  participants: (query: object) => ['challenges', 'participants', query] as const,
  mine: ['challenges', 'mine'] as const,
};
