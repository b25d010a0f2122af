import { api } from '@/lib/api';
import type { PersonOption } from './types';

/**
 * `GET /api/people?id=`: one active colleague by id (never the reader), as the give dialog names them; null
 * when there is none the reader may recognize. /feed?give={id} (a manager's heads-up of a celebration,
 * docs/architecture.md A6.17) opens the give dialog for that person.
 */
export async function fetchPerson(id: number, signal?: AbortSignal): Promise<PersonOption | null> {
  const { data } = await api<{ data: PersonOption[] }>('/people', { query: { id, limit: 1 }, signal });
  return data.find((p) => p.id === id) ?? null;
}
