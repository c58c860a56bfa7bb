import type { CurrencySummary, GroupDelivery, ShopGroup } from '../../../shared/cart-summary';
import { noDeliveryMessage } from '../../../shared/delivery';
import type { Language } from '../../../shared/i18n/language';
import type { Translate } from '../../../shared/i18n/translator';
import { formatMoney } from '../../../shared/money';
import cart from '../../i18n/catalogues/en/cart';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './cart.css';

/** A shop's delivery as the cart reads it: the amount, "Free", "From PKR 150.00" while no city is known. */
export function deliveryText(delivery: GroupDelivery, currency: string, t: Translate<typeof cart>, language: Language): string {
  switch (delivery.kind) {
    case 'fee':
      return delivery.fee === 0 ? t('cart.amounts.free') : formatMoney(delivery.fee, currency, language);
    case 'from':
      return t('cart.amounts.from', { amount: formatMoney(delivery.fee, currency, language) });
    case 'refused':
      return t('cart.amounts.notAvailable');
    case 'unknown':
      return '…';
  }
}

/**
 * What this shop's courier collects for its order (a cart of two shops is two orders, two parcels): the
 * group's total from the shared money rule, "From …" while the fee is, and nothing to pay where it cannot be placed.
 */
function groupTotalText(group: ShopGroup<unknown>, t: Translate<typeof cart>, language: Language): string {
  const amount = formatMoney(group.total, group.currency, language);
  switch (group.delivery.kind) {
    case 'fee':
      return amount;
    case 'from':
      return t('cart.amounts.from', { amount });
    case 'refused':
      return t('cart.amounts.notAvailable');
    case 'unknown':
      return '…';
  }
}

/**
 * One shop's amounts under its lines: subtotal, tax, delivery, the total its courier collects and the free-delivery hint; `city` (the
 * one the fee was computed for) names the refusal there when the shop does not deliver to it.
 */
export function ShopAmounts({ group, rowClassName, city = '' }: { group: ShopGroup<unknown>; rowClassName: string; city?: string }) {
  const t = useT(cart);
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, group.currency, language);
  return (
    <div className={styles.shopAmounts}>
      <div className={rowClassName}>
        <span>{t('cart.amounts.subtotal')}</span>
        <bdi>{money(group.subtotal)}</bdi>
      </div>
      {group.coupon && (
        <div className={rowClassName} data-testid="shop-coupon">
          <span>{t('cart.coupon.row', { code: group.coupon.code })}</span>
          <bdi>{group.coupon.type === 'free_delivery' ? t('cart.coupon.freeDelivery') : `−${money(group.coupon.discount)}`}</bdi>
        </div>
      )}
      {group.couponTerms && !group.coupon && (
        <p className={styles.warning} role="status">
          {t('cart.coupon.minimum', { code: group.couponTerms.code, amount: money(group.couponTerms.minOrder ?? 0), shop: group.shopName })}
        </p>
      )}
      {group.tax > 0 && (
        <div className={rowClassName}>
          <span>{t('cart.amounts.tax')}</span>
          <bdi>{money(group.tax)}</bdi>
        </div>
      )}
      <div className={rowClassName} data-testid="shop-delivery">
        <span>{t('cart.amounts.delivery')}</span>
        <bdi>{deliveryText(group.delivery, group.currency, t, language)}</bdi>
      </div>
      <div className={`${rowClassName} ${styles.shopTotal}`} data-testid="shop-total">
        <span>
          {t('cart.amounts.total')}
          <span className={styles.courierCash}>{t('cart.amounts.courierCash')}</span>
        </span>
        <bdi>{groupTotalText(group, t, language)}</bdi>
      </div>
      {group.delivery.kind === 'refused' && city && <p className={styles.danger}>{noDeliveryMessage(group.shopName, city, language)}</p>}
      {group.freeShortfall !== null && group.delivery.kind !== 'refused' && (
        <p className={styles.hint}>{t('cart.amounts.freeHint', { amount: money(group.freeShortfall) })}</p>
      )}
    </div>
  );
}

/**
 * The summary's rows, per currency ("Subtotal (PKR)" when the cart holds several): subtotal, tax,
 * delivery and a total that includes it. While a fee is a "from", so are the delivery and the total.
 */
export function SummaryRows({ sums, rowClassName, totalClassName }: { sums: CurrencySummary[]; rowClassName: string; totalClassName: string }) {
  const t = useT(cart);
  const language = useLanguage();
  const label = (text: string, currency: string) => (sums.length > 1 ? t('cart.amounts.inCurrency', { label: text, currency }) : text);
  const from = (s: CurrencySummary, minor: number) => {
    if (s.pending) return '…';
    const amount = formatMoney(minor, s.currency, language);
    return s.exact ? amount : t('cart.amounts.from', { amount });
  };
  return (
    <>
      {sums.map((s) => (
        <div key={`subtotal-${s.currency}`} className={rowClassName}>
          <span>{label(t('cart.amounts.subtotal'), s.currency)}</span>
          <bdi>{formatMoney(s.subtotal, s.currency, language)}</bdi>
        </div>
      ))}
      {sums
        .filter((s) => s.discount > 0)
        .map((s) => (
          <div key={`coupons-${s.currency}`} className={rowClassName} data-testid="summary-coupons">
            <span>{label(t('cart.amounts.coupons'), s.currency)}</span>
            <bdi>−{formatMoney(s.discount, s.currency, language)}</bdi>
          </div>
        ))}
      {sums
        .filter((s) => s.tax > 0)
        .map((s) => (
          <div key={`tax-${s.currency}`} className={rowClassName}>
            <span>{label(t('cart.amounts.tax'), s.currency)}</span>
            <bdi>{formatMoney(s.tax, s.currency, language)}</bdi>
          </div>
        ))}
      {sums.map((s) => (
        <div key={`delivery-${s.currency}`} className={rowClassName} data-testid="summary-delivery">
          <span>{label(t('cart.amounts.delivery'), s.currency)}</span>
          <bdi>{s.exact && s.delivery === 0 ? t('cart.amounts.free') : from(s, s.delivery)}</bdi>
        </div>
      ))}
      {sums.map((s) => (
        <div key={`total-${s.currency}`} className={totalClassName} data-testid="summary-total">
          <span>{label(t('cart.amounts.total'), s.currency)}</span>
          <bdi>{from(s, s.total)}</bdi>
        </div>
      ))}
    </>
  );
}
