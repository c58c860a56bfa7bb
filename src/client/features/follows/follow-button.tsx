import { useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../error-message';
import { useHydrated } from '../../hydration';
import follows from '../../i18n/catalogues/en/follows';
import { useLanguage, useT } from '../../i18n/language';
import { useRead, useReads } from '../../reads';
import { useSession } from '../../session';
import * as styles from './follow-button.css';

/**
 * "Follow", pressed "Following" (issue 50), on a storefront, on a shop's card on /shops and on
 * /following (to unfollow in place), for a signed-in account. A guest sees none, and neither does the
 * shop's owner or its staff (the server refuses them too). The server renders a signed-in viewer's page
 * with it (disabled until hydrated).
 */
export function FollowButton({
  shop,
  className,
  onChange,
}: {
  shop: { id: number; name: string };
  className?: string;
  /** After the server took the change (/following reads its list again). */
  onChange?: () => void;
}) {
  const t = useT(follows);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const hydrated = useHydrated();
  const { user } = useSession();
  const state = useRead('follows.ids', undefined, { enabled: Boolean(user) });
  const [busy, setBusy] = useState(false);
  if (!user || !state.data || state.data.ownShopId === shop.id) return null;
  const following = state.data.following.includes(shop.id);

  async function onClick() {
    setBusy(true);
    try {
      await reads.call('mutation', 'follows.set', { shopId: shop.id, following: !following });
      await reads.invalidate('follows.');
      onChange?.();
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={className ? `${styles.button} ${className}` : styles.button} aria-pressed={following} disabled={!hydrated || busy} onClick={onClick}>
      {following ? t('follows.following') : t('follows.follow')}
      <span className="visually-hidden">{`: ${shop.name}`}</span>
    </button>
  );
}
