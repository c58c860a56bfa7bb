import { formatDate } from '../../../shared/i18n/intl';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './blocked-numbers.css';

/**
 * The shop's block list in its settings (issue 29): the numbers it takes no cash-on-delivery orders
 * from, each with "Unblock". Numbers are added from their orders on /shop/orders.
 */
export function BlockedNumbers() {
  const t = useT(shop);
  const language = useLanguage();
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const list = trpc.shopOrders.blockedPhones.useQuery();
  const unblock = trpc.shopOrders.unblockPhone.useMutation();

  async function onUnblock(phoneKey: string, phone: string) {
    const ok = await confirm({ title: t('shop.blocked.unblockNumber', { phone }), message: t('shop.blocked.unblockMessage'), confirmLabel: t('shop.blocked.unblock') });
    if (!ok) return;
    try {
      await unblock.mutateAsync({ phoneKey });
      toast.success(t('shop.blocked.unblocked'));
      await Promise.all([utils.shopOrders.blockedPhones.invalidate(), utils.shopOrders.list.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error, t('shop.blocked.failed')));
    }
  }

  return (
    <Card as="section" aria-labelledby="settings-blocked">
      <CardHeader id="settings-blocked" title={t('shop.blocked.title')} description={t('shop.blocked.description')} />
      {list.data && list.data.length === 0 && <p className={styles.muted}>{t('shop.blocked.empty')}</p>}
      {list.error && <p role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.list} aria-label={t('shop.blocked.list')}>
          {list.data.map((row) => (
            <li key={row.phoneKey} className={styles.row}>
              <span className={styles.number}>
                <bdi dir="ltr">{row.phone}</bdi>
                <span className={styles.muted}>{t('shop.blocked.since', { date: formatDate(row.blockedAt, language) })}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => onUnblock(row.phoneKey, row.phone)} loading={unblock.isPending && unblock.variables?.phoneKey === row.phoneKey}>
                {t('shop.blocked.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
