import type { Award, AwardPerson } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Names as a list: "Ana, Luis". */
export const names = (people: readonly AwardPerson[]) => people.map((p) => p.name).join(', ');

/**
 * Who holds a waiting award now, in words: each waiting step's approver by name, or the store's
 * administrators when no manager was left up the chain (docs/architecture.md A6.19).
 */
export function heldByText(t: Translate, award: Pick<Award, 'heldBy'>): string {
  const who = award.heldBy.map((h) => h.approver?.name ?? t('awards:heldBy.administrators'));
  return [...new Set(who)].join(', ');
}

export const statusStyles: Record<Award['status'], string> = {
  waiting: 'bg-amber-100 text-amber-900',
  credited: 'bg-emerald-100 text-emerald-800',
  denied: 'bg-rose-100 text-rose-800',
  withdrawn: 'bg-slate-200 text-slate-700',
};
