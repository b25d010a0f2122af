import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { acquireRealtime, onRealtimeEnded, onSystemNotification } from '@/lib/socket';
import { invalidateNotifications } from './mark-notification-viewed';

/**
 * While a user is signed in: the realtime connection is open, and a `systemNotification` for this user
 * refreshes the notifications (page 1 and the active count), the header badges and the balance (a
 * notification usually comes with points). A connection the server ends makes the app check its session.
 */
export function useLiveNotifications(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const release = acquireRealtime();
    const stopEvents = onSystemNotification((payload) => {
      if (payload.userId !== userId) return;
      void invalidateNotifications(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    });
    const stopEnded = onRealtimeEnded(() => void queryClient.invalidateQueries({ queryKey: ['session'] }));
    return () => {
      stopEvents();
      stopEnded();
      release();
    };
  }, [userId, queryClient]);
}
