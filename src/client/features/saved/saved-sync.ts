import { useEffect, useRef } from 'react';
import { useToast } from '../../components/ui/toast';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import { useReads } from '../../reads';
import { savedStore } from './saved-store';

/**
 * Keeps the browser's saved list in step with the session (product-decisions 7): at sign-in a guest's
 * list merges into the account's, and at each page load a signed-in browser takes the account's list
 * (another device may have saved since); with no session, an account's copy is dropped (a shared phone).
 */
export function useSavedSync(userId: number | null, loading: boolean): void {
  const reads = useReads();
  const toast = useToast();
  const t = useT(common);
  const tell = useRef((dropped: number) => toast.error(t('common.save.notAllFit', { count: dropped })));
  tell.current = (dropped: number) => toast.error(t('common.save.notAllFit', { count: dropped }));
  useEffect(() => {
    if (loading) return;
    const stored = savedStore.get();
    if (userId === null) {
      if (stored.owner !== null) savedStore.clear();
      return;
    }
    const guest = stored.owner === null ? stored.entries : [];
    let live = true;
    const sync =
      guest.length > 0
        ? reads.call('mutation', 'saved.merge', { entries: guest.map(({ productId, price, currency, savedAt }) => ({ productId, price, currency, savedAt })) })
        : reads.call('query', 'saved.ids', undefined).then((ids) => ({ ids, dropped: 0 }));
    sync
      .then((answer) => {
        const { ids, dropped } = answer as { ids: number[]; dropped: number };
        if (!live) return;
        savedStore.replace(userId, ids);
        if (dropped > 0) tell.current(dropped);
      })
      // Offline or refused: the hearts keep the browser's copy until the next load.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, loading, reads]);
}
