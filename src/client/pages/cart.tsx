import { ImageOff, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { type CartItem, cartUnitCount, lineKeyString, lineTotal, MAX_LINE_QUANTITY } from '../../shared/cart';
import { colorName } from '../../shared/colors';
import { formatMoney } from '../../shared/money';
import cart from '../i18n/catalogues/en/cart';
import { useLanguage, useT } from '../i18n/language';
import { Button, ButtonLink } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { useConfirm } from '../components/ui/confirm-dialog';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';
import { summaryByCurrency } from '../../shared/cart-summary';
import { ShopAmounts, SummaryRows } from '../features/cart/amount-rows';
import * as styles from '../features/cart/cart.css';
import { atCurrentPrice, type LineIssue, shopGroups, useCartCheck } from '../features/cart/cart-check';
import { cartStore, useCart } from '../features/cart/cart-store';
import { CouponField } from '../features/cart/coupon-field';
import { couponsByShop, useCartCoupons } from '../features/cart/coupon-store';
import { useSession } from '../session';

function IssueNote({ issue, currency }: { issue: LineIssue | undefined; currency: string }) {
  const t = useT(cart);
  const language = useLanguage();
  if (!issue) return null;
  if (issue.kind === 'unavailable') return <p className={styles.danger}>{t('cart.issue.unavailable')}</p>;
  if (issue.kind === 'stock') {
    return <p className={styles.warning}>{issue.left > 0 ? t('cart.issue.onlyLeft', { count: issue.left }) : t('cart.issue.outOfStock')}</p>;
  }
  return (
    <p className={styles.warning}>
      {t('cart.issue.priceChanged', { was: formatMoney(issue.was, currency, language), now: formatMoney(issue.now, currency, language) })}
    </p>
  );
}

/** `item` is at the current price; the quantity controls change the stored line of the same key. */
function CartLine({ item, issue }: { item: CartItem; issue: LineIssue | undefined }) {
  const t = useT(cart);
  const language = useLanguage();
  const href = item.slug ? `/product/${item.slug}` : null;
  return (
    <li className={[styles.line, issue ? styles.flagged : ''].join(' ')}>
      {item.image_url ? (
        <img className={styles.image} src={item.image_url} alt="" />
      ) : (
        <span className={styles.imageFallback} aria-hidden="true">
          <ImageOff size={24} />
        </span>
      )}
      <div className={styles.details}>
        <div className={styles.lineHead}>
          {href ? (
            <Link href={href} className={styles.name} dir="auto">
              {item.product_name}
            </Link>
          ) : (
            <span className={styles.name} dir="auto">
              {item.product_name}
            </span>
          )}
          <strong className={styles.lineTotal}>
            <bdi>{formatMoney(lineTotal(item), item.currency, language)}</bdi>
          </strong>
        </div>
        <div className={styles.options}>
          {item.color && (
            <span>
              <span className={styles.dot} style={{ background: item.color }} aria-hidden="true" />
              {t('cart.line.color', { color: colorName(item.color, language) })}
            </span>
          )}
          {item.size && <span>{t('cart.line.size', { size: item.size })}</span>}
          <span>{t('cart.line.each', { price: formatMoney(item.price, item.currency, language) })}</span>
        </div>
        <IssueNote issue={issue} currency={item.currency} />
        <div className={styles.controls}>
          <div className={styles.qty} role="group" aria-label={t('cart.line.quantityOf', { name: item.product_name })}>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('cart.line.decrease')}
              disabled={item.quantity <= 1}
              onClick={() => cartStore.setQuantity(item, Math.max(1, item.quantity - 1))}
            >
              <Minus size={16} aria-hidden="true" />
            </Button>
            <output className={styles.qtyValue} aria-label={t('cart.line.quantity')}>
              {item.quantity}
            </output>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('cart.line.increase')}
              disabled={item.quantity >= MAX_LINE_QUANTITY}
              onClick={() => cartStore.setQuantity(item, item.quantity + 1)}
            >
              <Plus size={16} aria-hidden="true" />
            </Button>
          </div>
          <Button variant="ghost" size="sm" onClick={() => cartStore.remove(item)} aria-label={t('cart.line.removeNamed', { name: item.product_name })} title={t('cart.line.remove')}>
            <Trash2 size={16} aria-hidden="true" />
            <span className={styles.removeText}>{t('cart.line.remove')}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * /cart: lines grouped by shop (each order checkout will place), each shop with its subtotal, tax and
 * delivery; flags for changed products; a summary per currency whose total includes delivery.
 */
export default function CartPage() {
  const items = useCart();
  const confirm = useConfirm();
  const check = useCartCheck(items);
  const coupons = useCartCoupons();
  const { user } = useSession();
  const t = useT(cart);

  if (items.length === 0) {
    return (
      <Page title={t('cart.title')}>
        <EmptyState icon={<ShoppingCart size={28} />} title={t('cart.empty')}>
          <ButtonLink href="/browse">{t('cart.continueShopping')}</ButtonLink>
        </EmptyState>
      </Page>
    );
  }

  // The city of a signed-in buyer's saved address, which checkout starts from; otherwise none is known
  // yet: each shop's delivery is then its fee, or "from" its lowest when its cities pay differently.
  const city = user?.shippingAddress.city.trim() ?? '';
  const groups = shopGroups(items, check, city, couponsByShop(coupons));
  const sums = summaryByCurrency(groups);
  // Lines by shop in the order shops first appear, unavailable ones too (under their shop when it is known).
  const current = items.map((item) => atCurrentPrice(item, check));
  const shopIds = [...new Set(current.map((i) => i.shop_id))];
  const unavailable = items.filter((i) => check.issues.get(lineKeyString(i))?.kind === 'unavailable');
  const units = cartUnitCount(items);
  const repriced = items.filter((i) => check.issues.get(lineKeyString(i))?.kind === 'price');

  /** The buyer saw the new prices: store them, so the lines stop being flagged. */
  function acceptPrices() {
    cartStore.replace(items.map((item) => atCurrentPrice(item, check)));
  }

  async function clearCart() {
    if (await confirm({ message: t('cart.clearConfirm'), confirmLabel: t('cart.clear'), destructive: true })) cartStore.clear();
  }

  return (
    <Page title={t('cart.title')} subtitle={t('cart.units', { count: units })}>
      <div className={styles.layout}>
        <div className={styles.shops}>
          {shopIds.map((shopId) => {
            const shopGroupsOf = groups.filter((g) => g.shopId === shopId);
            const name = shopGroupsOf[0]?.shopName || (check.checked ? t('cart.unavailableItems') : t('cart.shop'));
            const headingId = `cart-shop-${shopId}`;
            return (
              <section key={shopId} className={styles.shopGroup} aria-labelledby={headingId}>
                <h2 id={headingId} className={styles.shopName} dir="auto">
                  {name}
                </h2>
                <ul className={styles.lines} aria-label={t('cart.itemsFrom', { shop: name })}>
                  {current
                    .filter((item) => item.shop_id === shopId)
                    .map((item) => {
                      const key = lineKeyString(item);
                      return <CartLine key={key} item={item} issue={check.issues.get(key)} />;
                    })}
                </ul>
                {shopGroupsOf.map((group) => (
                  <ShopAmounts key={group.key} group={group} rowClassName={styles.summaryRow} city={city} />
                ))}
                {shopGroupsOf.length > 0 && <CouponField shopId={shopId} />}
              </section>
            );
          })}
        </div>
        <Card as="section" aria-labelledby="summary-heading" className={styles.summary}>
          <CardHeader id="summary-heading" title={t('cart.summary.title')} />
          <SummaryRows sums={sums} rowClassName={styles.summaryRow} totalClassName={styles.summaryTotal} />
          {sums.some((s) => !s.exact) && <p className={styles.muted}>{t('cart.summary.byCity')}</p>}
          {city && <p className={styles.muted}>{t('cart.summary.savedCity', { city })}</p>}
          {repriced.length > 0 && (
            <Button variant="outline" onClick={acceptPrices}>
              {t('cart.summary.updatePrices')}
            </Button>
          )}
          {unavailable.length > 0 && (
            <>
              <p className={styles.danger}>{t('cart.summary.someUnavailable')}</p>
              <Button variant="outline" onClick={() => unavailable.forEach((i) => cartStore.remove(i))}>
                {t('cart.summary.removeUnavailable')}
              </Button>
            </>
          )}
          {unavailable.length > 0 ? (
            <Button block size="lg" disabled>
              {t('cart.summary.checkout')}
            </Button>
          ) : (
            <ButtonLink href="/checkout" block size="lg">
              {t('cart.summary.checkout')}
            </ButtonLink>
          )}
          <Button variant="ghost" block onClick={() => void clearCart()}>
            {t('cart.clear')}
          </Button>
        </Card>
      </div>
    </Page>
  );
}
