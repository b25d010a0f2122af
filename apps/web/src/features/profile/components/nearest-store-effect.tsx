import { useEffect } from 'react';
import type { BrowserPosition } from '@/lib/geolocation';
import i18n from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAdoptNearestStore } from '../api/adopt-nearest-store';

/**
 * Mounted by the shop layout once the browser gave a position: once per visit and signed-in user, a user
 * without a chosen store gets the nearest one (the server decides; a chosen store is never replaced).
 */
export function NearestStoreEffect({ userId, position }: { userId: number | undefined; position: BrowserPosition }) {
  const { mutate } = useAdoptNearestStore();

  useEffect(() => {
    if (!userId) return;
    const key = `nearest-store:${userId}`;
    try {
      if (sessionStorage.getItem(key)) return;
    } catch {
      return;
    }
    sessionStorage.setItem(key, '1');
    mutate(
      { latitude: position.lat, longitude: position.long },
      { onSuccess: (result) => result.changed && toast.success(i18n.t('profile.nearestStore', { store: result.storeName })) },
    );
  }, [userId, position, mutate]);

  return null;
}
