import { useEffect } from 'react';
import { requestPosition } from '@/lib/geolocation';
import i18n from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAdoptNearestStore } from '../api/adopt-nearest-store';

/**
 * Mounted by the shop layout: once per visit and signed-in user, with the browser's position, a user
 * without a chosen store gets the nearest one (the server decides; a chosen store is never replaced).
 */
export function NearestStoreEffect({ userId }: { userId: number | undefined }) {
  const { mutate } = useAdoptNearestStore();

  useEffect(() => {
    if (!userId) return;
    const key = `nearest-store:${userId}`;
    try {
      if (sessionStorage.getItem(key)) return;
    } catch {
      return;
    }
    let cancelled = false;
    void requestPosition().then((position) => {
      if (!position || cancelled) return;
      sessionStorage.setItem(key, '1');
      mutate(
        { latitude: position.lat, longitude: position.long },
        { onSuccess: (result) => result.changed && toast.success(i18n.t('profile.nearestStore', { store: result.storeName })) },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [userId, mutate]);

  return null;
}
