import { Pencil, Plus, TicketPercent, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CouponStatus } from '../../../shared/coupons';
import { formatNumber } from '../../../shared/i18n/numbers';
import { formatMoney } from '../../../shared/money';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import * as layout from '../../components/ui/page.css';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { CouponForm, type CouponView } from '../../features/shop/coupon-form';
import * as styles from '../../features/shop/coupons.css';
import * as list from '../../features/shop/list.css';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

const TONES: Record<CouponStatus, BadgeTone> = { active: 'success', scheduled: 'secondary', ended: 'secondary', used_up: 'warning', off: 'secondary' };
const STATUS_LABELS = {
  active: 'shop.coupons.status.active',
  scheduled: 'shop.coupons.status.scheduled',
  ended: 'shop.coupons.status.ended',
  used_up: 'shop.coupons.status.used_up',
  off: 'shop.coupons.status.off',
} as const satisfies Record<CouponStatus, string>;

function CouponItem({ coupon, currency, onEdit }: { coupon: CouponView; currency: string; onEdit: () => void }) {
  const t = useT(shop);
  const language = useLanguage();
  const confirm = useConfirm();
  const toast = useToast();
  const utils = trpc.useUtils();
  const remove = trpc.coupons.delete.useMutation();
  const money = (minor: number) => formatMoney(minor, currency, language);
  const what =
    coupon.type === 'percent'
      ? t('shop.coupons.percentOff', { percent: formatNumber(coupon.value, language) })
      : coupon.type === 'amount'
        ? t('shop.coupons.amountOff', { amount: money(coupon.value) })
        : t('shop.coupons.type.free_delivery');
  const used = formatNumber(coupon.usedCount, language);

  async function onDelete() {
    if (!(await confirm({ message: t('shop.coupons.deleteConfirm', { code: coupon.code }), confirmLabel: t('shop.coupons.delete'), destructive: true }))) return;
    try {
      await remove.mutateAsync({ id: coupon.id });
      await utils.coupons.list.invalidate();
      toast.success(t('shop.coupons.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <li>
      <Card className={styles.item}>
        <div className={layout.stack}>
          <div className={styles.head}>
            <bdi className={styles.code}>{coupon.code}</bdi>
            <Badge tone={TONES[coupon.status]}>{t(STATUS_LABELS[coupon.status])}</Badge>
          </div>
          <p className={styles.terms}>
            <span>{what}</span>
            {coupon.minOrder !== null && <span>{t('shop.coupons.minimum', { amount: money(coupon.minOrder) })}</span>}
            {coupon.startsOn && <span>{t('shop.coupons.from', { date: coupon.startsOn })}</span>}
            {coupon.endsOn && <span>{t('shop.coupons.until', { date: coupon.endsOn })}</span>}
            {coupon.oncePerBuyer && <span>{t('shop.coupons.once')}</span>}
          </p>
          <p className={styles.note} data-testid="coupon-uses">
            {coupon.maxUses === null ? t('shop.coupons.usesOpen', { used }) : t('shop.coupons.uses', { used, max: formatNumber(coupon.maxUses, language) })}
          </p>
          {!coupon.deletable && <p className={styles.note}>{t('shop.coupons.usedKeep')}</p>}
        </div>
        <div className={styles.actions}>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('shop.coupons.editNamed', { code: coupon.code })}>
            <Pencil size={16} aria-hidden="true" />
            {t('shop.coupons.editButton')}
          </Button>
          {coupon.deletable && (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => void onDelete()} aria-label={t('shop.coupons.deleteNamed', { code: coupon.code })}>
              <Trash2 size={16} aria-hidden="true" />
              {t('shop.coupons.delete')}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

/** /shop/coupons (issue 32): the shop's coupons with their uses and status, "New coupon", Edit and Delete. */
export default function ShopCouponsPage() {
  const t = useT(shop);
  const mine = trpc.shops.mine.useQuery();
  const coupons = trpc.coupons.list.useQuery();
  // null: no form; 'new' or the coupon being edited.
  const [editing, setEditing] = useState<CouponView | 'new' | null>(null);
  const currency = mine.data?.currency;

  return (
    <Page
      title={t('shop.coupons.title')}
      subtitle={t('shop.coupons.subtitle')}
      actions={
        editing === null && (
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden="true" />
            {t('shop.coupons.new')}
          </Button>
        )
      }
    >
      <TrialGate />
      {!currency || !coupons.data ? (
        <PageSkeleton />
      ) : (
        <div className={layout.stack}>
          {editing !== null && (
            <CouponForm key={editing === 'new' ? 'new' : editing.id} currency={currency} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          )}
          {coupons.data.length === 0 ? (
            editing === null && <EmptyState icon={<TicketPercent size={28} />} title={t('shop.coupons.empty')} />
          ) : (
            <ul className={list.list} aria-label={t('shop.coupons.list')}>
              {coupons.data.map((coupon) => (
                <CouponItem key={coupon.id} coupon={coupon} currency={currency} onEdit={() => setEditing(coupon)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Page>
  );
}
