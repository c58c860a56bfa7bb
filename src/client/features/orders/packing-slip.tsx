import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDate } from '../../../shared/i18n/intl';
import { formatMoney } from '../../../shared/money';
import { statusLabel } from '../../../shared/order-status';
import { Barcode } from '../../components/ui/barcode';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { chosenOptionsText } from './order-line';
import { useSiteLogo, useSiteName } from '../../site';
import common from '../../i18n/catalogues/en/common';
import type { SlipPaper } from './packing-slips-link';
import * as styles from './packing-slips.css';

/** One packing slip as the server gives it (shopOrders.packingSlips). */
export type PackingSlipView = inferRouterOutputs<AppRouter>['shopOrders']['packingSlips'][number];
type SlipLine = PackingSlipView['lines'][number];

/** A line's variant as ordered: a per_variant product's combination ('Red / M'), or its colour's name and size. */
function VariantText({ line }: { line: SlipLine }) {
  const t = useT(shop);
  const language = useLanguage();
  const text = chosenOptionsText(line, language, (size) => t('shop.slips.size', { size }));
  return text === null ? null : <bdi>{text}</bdi>;
}

/**
 * One order's packing slip, one printed page: who sends it, the order number as text and as a Code
 * 128 barcode, the date, who receives it and where, the lines, and in large type the cash to collect.
 */
export function PackingSlip({ slip, paper }: { slip: PackingSlipView; paper: SlipPaper }) {
  const t = useT(shop);
  const language = useLanguage();
  const siteLabel = useSiteName();
  const siteLogo = useSiteLogo();
  const say = useT(common);
  const { returnsPolicy, deliveryTime } = slip.policies;
  const headingId = `slip-${slip.orderId}`;
  // The SKU column only when a line has one (most shops' products have none).
  const skus = slip.lines.some((line) => line.sku);
  // The marketplace the order came through, on the caption's line (a label has no room for another).
  const placedOn = (
    <>
      {' · '}
      {siteLogo && <img src={siteLogo.icon} alt="" className={styles.siteLogo} data-testid="slip-logo" />}
      <span data-testid="slip-marketplace">{t('shop.slips.marketplace', { site: siteLabel })}</span>
    </>
  );
  return (
    <article className={`${styles.slip} ${styles.paper[paper]}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('shop.slips.slip', { orderNumber: slip.orderNumber })}
      </h2>
      <header className={styles.head}>
        <div className={styles.from}>
          <span className={styles.caption}>{t('shop.slips.from')}</span>
          <strong className={styles.shopName}>
            <bdi>{slip.shop.name}</bdi>
          </strong>
          <span>
            {t('shop.slips.whatsapp')} <bdi dir="ltr">{slip.shop.whatsapp}</bdi>
          </span>
        </div>
        <div className={styles.order}>
          <span className={styles.caption}>{t('shop.slips.order')}</span>
          <Barcode value={slip.orderNumber} label={t('shop.slips.barcode', { orderNumber: slip.orderNumber })} heightMm={paper === 'label' ? 12 : 16} />
          {/* One line for both, so that a 4×6 in label still holds an order of a few lines in Urdu's taller type. */}
          <span>
            {t('shop.slips.date')}: <time dateTime={slip.createdAt}>{formatDate(slip.createdAt, language, 'date')}</time> · {t('shop.slips.status')}:{' '}
            <strong data-testid="slip-status">{statusLabel(slip.status, language)}</strong>
          </span>
        </div>
      </header>

      <section className={styles.shipTo} aria-labelledby={`${headingId}-to`}>
        <h3 id={`${headingId}-to`} className={styles.caption}>
          {t('shop.slips.shipTo')}
        </h3>
        {/* What people wrote is isolated (<bdi>) and aligned with the page, so the block reads as one column. */}
        <p className={styles.buyerName}>
          <bdi>{slip.buyer.name}</bdi>
        </p>
        <p className={styles.phone}>
          <bdi dir="ltr">{slip.buyer.phone}</bdi>
        </p>
        <p>
          <bdi>{slip.shipping.address}</bdi>
        </p>
        <p className={styles.city}>
          <bdi>{slip.shipping.city}</bdi> <bdi>{slip.shipping.postalCode}</bdi>
        </p>
      </section>

      <section aria-labelledby={`${headingId}-items`}>
        <h3 id={`${headingId}-items`} className={styles.caption}>
          {t('shop.slips.items')}
        </h3>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">{t('shop.slips.item')}</th>
              {skus && <th scope="col">{t('shop.slips.sku')}</th>}
              <th scope="col" className={styles.qty}>
                {t('shop.slips.qty')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  <bdi>{line.name}</bdi>
                  <span className={styles.variant}>
                    <VariantText line={line} />
                  </span>
                </td>
                {skus && <td>{line.sku && <bdi dir="ltr">{line.sku}</bdi>}</td>}
                <td className={styles.qty}>{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {/* The shop's policies as the buyer read them at checkout (issue 47), for whoever opens the parcel. */}
      {(returnsPolicy || deliveryTime) && (
        <section className={styles.policies} data-testid="slip-policies" aria-label={say('common.policies.title')}>
          {deliveryTime && (
            <p>
              <strong>{say('common.policies.deliveryTime')}:</strong> <bdi>{deliveryTime}</bdi>
            </p>
          )}
          {returnsPolicy && (
            <p className={styles.returns}>
              <strong>{say('common.policies.returns')}:</strong> <bdi>{returnsPolicy}</bdi>
            </p>
          )}
        </section>
      )}

      {/* Cash only while the order is still to be delivered: a delivered, cancelled or returned order's slip asks for none (issue 53). */}
      <footer className={slip.collect === null ? `${styles.collect} ${styles.settled}` : styles.collect}>
        {slip.collect === null ? (
          <>
            <p className={styles.collectAmount}>{t('shop.slips.nothingToCollect', { status: statusLabel(slip.status, language) })}</p>
            <p className={styles.caption}>
              {t('shop.slips.orderTotal', { amount: formatMoney(slip.total, slip.currency, language) })}
              {placedOn}
            </p>
          </>
        ) : (
          <>
            <p className={styles.collectAmount}>{t('shop.slips.collect', { amount: formatMoney(slip.collect, slip.currency, language) })}</p>
            <p className={styles.caption}>
              {t('shop.slips.cod')}
              {placedOn}
            </p>
          </>
        )}
        {slip.coupon && (
          <p className={styles.caption} data-testid="slip-coupon">
            {slip.coupon.type === 'free_delivery'
              ? t('shop.slips.couponFreeDelivery', { code: slip.coupon.code })
              : t('shop.slips.coupon', { code: slip.coupon.code, amount: formatMoney(slip.coupon.discount, slip.currency, language) })}
          </p>
        )}
      </footer>
    </article>
  );
}
