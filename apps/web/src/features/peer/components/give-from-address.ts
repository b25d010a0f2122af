import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { fetchPerson } from '../api/get-person';
import { idParam } from '../filters';
import { openGive } from './give-launcher';

/**
 * /feed?give={userId} (the link of a manager's heads-up of a colleague's celebration, docs/architecture.md
 * A6.17): opens the give dialog with that person chosen, then takes `give` out of the address (a reload or
 * going back does not open it again). Someone the reader cannot recognize (themselves, inactive, unknown)
 * opens it with nobody chosen, and says so.
 */
export function useGiveFromAddress(readerId: number | undefined): void {
  const { t } = useTranslation('peer');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('give');
  useEffect(() => {
    if (raw === null || readerId === undefined) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('give');
        return next;
      },
      { replace: true },
    );
    const id = idParam(raw);
    // Not cancelled when `give` leaves the address (that is this effect's own doing): the dialog opens once the person is known.
    const person = id === undefined || id === readerId ? Promise.resolve(null) : fetchPerson(id).catch(() => null);
    void person.then((p) => {
      if (p) return openGive([p]);
      openGive();
      toast.warning(t('celebration.giveUnknown'));
    });
  }, [raw, readerId, setSearch, t]);
}
