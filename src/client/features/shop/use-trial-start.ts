import { useEffect, useRef } from 'react';
import { trpc } from '../../trpc';

/**
 * Product-decisions 3: a shopkeeper whose trial did not start when the role was chosen has it started
 * when their dashboard is checked. The dashboard query only reports it; this mutation writes it, once.
 */
export function useTrialStart(notStarted: boolean): void {
  const utils = trpc.useUtils();
  const start = trpc.users.startTrial.useMutation();
  const asked = useRef(false);
  useEffect(() => {
    if (!notStarted || asked.current) return;
    asked.current = true;
    start.mutate(undefined, {
      onSuccess: () => void Promise.all([utils.auth.me.invalidate(), utils.shops.dashboard.invalidate()]),
    });
  }, [notStarted, start, utils]);
}
