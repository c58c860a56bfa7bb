import { useEffect, useRef } from 'react';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';

/**
 * Product-decisions 3: a shopkeeper whose trial did not start when the role was chosen has it started
 * when their dashboard is checked. The dashboard query only reports it; this mutation writes it, once.
 */
export function useTrialStart(notStarted: boolean): void {
  const reads = useReads();
  const utils = trpc.useUtils();
  const start = trpc.users.startTrial.useMutation();
  const asked = useRef(false);
  useEffect(() => {
    if (!notStarted || asked.current) return;
    asked.current = true;
    start.mutate(undefined, {
      onSuccess: () => void Promise.all([reads.invalidate('auth.me'), utils.shops.dashboard.invalidate()]),
    });
  }, [notStarted, start, utils, reads]);
}
