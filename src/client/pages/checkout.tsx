import { TRPCClientError } from '@trpc/client';
import { ImageOff } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { type CartItem, lineKeyString, lineTotal, toOrderLines } from '../../shared/cart';
import { colorName } from '../../shared/colors';
import { localizeMessage } from '../../shared/i18n/translator';
import { formatMoney } from '../../shared/money';
import { shippingSchema } from '../../shared/schemas/checkout';
import { Button } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { CityOptions } from '../components/ui/city-options';
import { TextAreaField, TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { useToast } from '../components/ui/toast';
import { useSession } from '../session';
import { summaryByCurrency } from '../../shared/cart-summary';
import { noDeliveryMessage } from '../../shared/delivery';
import { ShopAmounts, SummaryRows } from '../features/cart/amount-rows';
import * as cartStyles from '../features/cart/cart.css';
import { atCurrentPrice, shopGroups, useCartCheck } from '../features/cart/cart-check';
import { cartStore, useCart } from '../features/cart/cart-store';
import { couponsByShop, couponStore, useCartCoupons } from '../features/cart/coupon-store';
import * as styles from '../features/checkout/checkout.css';
import { checkoutAttemptKey, endCheckoutAttempt, pendingAttemptShipping } from '../features/checkout/checkout-attempt';
import { type PhoneRefusal, PhoneRefusalMessage, phoneRefusalOf } from '../features/checkout/phone-refusal';
import { placedOrders } from '../features/checkout/placed-orders-store';
import cart from '../i18n/catalogues/en/cart';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { trpc } from '../trpc';
import { ShopPolicies } from '../components/ui/shop-policies';

const FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'postalCode', 'notes'] as const;
type Field = (typeof FIELDS)[number];

/** One line of the order summary, at the current price, flagged when it changed. */
function SummaryLine({ item: stored, check }: { item: CartItem; check: ReturnType<typeof useCartCheck> }) {
  const t = useT(cart);
  const language = useLanguage();
  const issue = check.issues.get(lineKeyString(stored));
  const item = atCurrentPrice(stored, check);
  return (
    <li className={styles.summaryItem}>
      {item.image_url ? (
        <img className={styles.thumb} src={item.image_url} alt="" />
      ) : (
        <span className={styles.thumb} aria-hidden="true" style={{ display: 'grid', placeItems: 'center' }}>
          <ImageOff size={18} />
        </span>
      )}
      <div>
        <div className={styles.itemName} dir="auto">
          {item.product_name}
        </div>
        <div className={styles.muted}>
          {[item.color && colorName(item.color, language), item.size, t('cart.checkout.qty', { count: item.quantity })].filter(Boolean).join(' · ')}
        </div>
        {issue?.kind === 'unavailable' && <div className={styles.muted}>{t('cart.checkout.unavailable')}</div>}
        {issue?.kind === 'stock' && <div className={styles.muted}>{t('cart.checkout.onlyLeft', { count: issue.left })}</div>}
      </div>
      <bdi>{formatMoney(lineTotal(item), item.currency, language)}</bdi>
    </li>
  );
}

/** A shop's delivery time and returns terms in its group (issue 47), as they will be kept on its order. */
function GroupPolicies({ shopId, check }: { shopId: number; check: ReturnType<typeof useCartCheck> }) {
  const shop = check.shops.find((s) => s.id === shopId);
  if (!shop) return null;
  return <ShopPolicies policies={shop.policies} returnsPage={shop.policies.returnsPolicy ? null : check.returnsPage} />;
}

/** /checkout: shipping form (pre-filled from the profile) and the order summary; one order per shop. */
export default function CheckoutPage() {
  const items = useCart();
  const { user, loading } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const checkout = trpc.orders.checkout.useMutation();
  const check = useCartCheck(items);
  const coupons = useCartCoupons();
  const t = useT(cart);
  const language = useLanguage();
  // A tab reloaded mid-checkout shows the details it sent, so placing the order again is the same attempt.
  const [values, setValues] = useState<Record<Field, string>>(
    () => pendingAttemptShipping(toOrderLines(items)) ?? { fullName: '', email: '', phone: '', address: '', city: '', postalCode: '', notes: '' },
  );
  const [prefilled, setPrefilled] = useState(false);
  // A shop's refusal of the number stays beside Phone until the number or the cart changes.
  const [refusal, setRefusal] = useState<PhoneRefusal | null>(null);
  const refusalId = useId();
  const cartKey = items.map((item) => `${lineKeyString(item)}*${item.quantity}`).join('|');
  const phoneRefused = refusal !== null && refusal.phone === values.phone && refusal.cart === cartKey;

  useEffect(() => {
    if (!user || prefilled) return;
    setPrefilled(true);
    setValues((v) => ({
      ...v,
      fullName: v.fullName || user.fullName,
      email: v.email || user.email,
      phone: v.phone || user.phone,
      address: v.address || user.shippingAddress.address,
      city: v.city || user.shippingAddress.city,
      postalCode: v.postalCode || user.shippingAddress.postalCode,
    }));
  }, [user, prefilled]);

  const destination = user ? '/buyer/orders' : '/browse';
  if (items.length === 0) return <Redirect to="/cart" replace />;

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (items.length === 0 || checkout.isPending) return;
    const parsed = shippingSchema.safeParse(values);
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('cart.checkout.checkForm')));
      return;
    }
    const lines = toOrderLines(items);
    // The same key for every retry of this attempt: the server then places its orders only once.
    // The codes of the coupons the cart applies (a group below a coupon's minimum sends none); the server checks each again.
    const sent = groups.filter((g) => g.coupon).map((g) => ({ shopId: g.shopId, code: g.coupon!.code }));
    const attemptKey = checkoutAttemptKey({ lines, shipping: parsed.data, buyerId: user?.id ?? null, coupons: sent.map((c) => `${c.shopId}:${c.code}`) });
    try {
      const result = await checkout.mutateAsync({ items: lines, shipping: parsed.data, coupons: sent, attemptKey });
      endCheckoutAttempt();
      placedOrders.show(result.orders);
      navigate(destination, { replace: true });
      cartStore.clear();
      toast.success(t('cart.checkout.placed'));
      void utils.orders.invalidate();
      void utils.catalog.invalidate();
      // The first shop's WhatsApp opens at once (product-decisions section 3); the rest are links.
      const first = result.orders[0]?.whatsappUrl;
      if (first) window.open(first, '_blank', 'noopener,noreferrer');
    } catch (error) {
      // The server refused the key itself (it was used for other details): the next try is a new attempt.
      if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT') endCheckoutAttempt();
      const message = errorMessage(error, undefined, language);
      const refused = phoneRefusalOf(error, { phone: values.phone, cart: cartKey });
      setRefusal(refused);
      if (refused) requestAnimationFrame(() => document.getElementById(refusalId)?.scrollIntoView({ block: 'center' }));
      else toast.error(message);
      // A refused coupon comes off its group, so the buyer sees the new total before placing the order again.
      for (const c of sent) if (message.includes(c.code)) couponStore.remove(c.shopId);
      void utils.catalog.cartLines.invalidate();
    }
  }

  // Each shop's delivery for the City typed, recomputed as it changes (the server charges the same).
  const groups = shopGroups(items, check, values.city, couponsByShop(coupons));
  const sums = summaryByCurrency(groups);
  const refusing = groups.filter((g) => g.delivery.kind === 'refused');
  // The City field suggests Pakistan's cities in the buyer's language, and the cities on no list that
  // the cart's shops name; any city is accepted, matched in either script (shared/pakistan-cities.ts).
  const shopCities = check.shops.flatMap((shop) => shop.delivery.cities.map((r) => r.city));
  const byKey = new Map(items.map((item) => [lineKeyString(item), item]));

  return (
    <Page title={t('cart.checkout.title')} subtitle={t('cart.checkout.subtitle')}>
      <div className={cartStyles.layout}>
        <form onSubmit={onSubmit} noValidate aria-label={t('cart.checkout.shipping')} className={layout.stack}>
          <Card as="section" aria-labelledby="shipping-heading">
            <CardHeader id="shipping-heading" title={t('cart.checkout.shipping')} />
            <div className={layout.formGrid}>
              <TextField label={t('cart.checkout.fullName')} name="fullName" autoComplete="name" required dir="auto" value={values.fullName} onChange={set('fullName')} />
              <TextField label={t('cart.checkout.email')} name="email" type="email" autoComplete="email" required dir="ltr" value={values.email} onChange={set('email')} />
              <div>
                <TextField
                  label={t('cart.checkout.phone')}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  required
                  dir="ltr"
                  value={values.phone}
                  onChange={set('phone')}
                  aria-invalid={phoneRefused || undefined}
                  aria-describedby={phoneRefused ? refusalId : undefined}
                />
                {phoneRefused && <PhoneRefusalMessage id={refusalId} refusal={refusal} />}
              </div>
              <TextField
                label={t('cart.checkout.city')}
                dir="auto"
                name="city"
                autoComplete="address-level2"
                required
                list="checkout-cities"
                value={values.city}
                onChange={set('city')}
              />
              <CityOptions id="checkout-cities" extra={shopCities} />
              <div className={layout.fullRow}>
                <TextField label={t('cart.checkout.address')} name="address" autoComplete="street-address" required dir="auto" value={values.address} onChange={set('address')} />
              </div>
              <TextField label={t('cart.checkout.postalCode')} name="postalCode" autoComplete="postal-code" required dir="ltr" value={values.postalCode} onChange={set('postalCode')} />
              <div className={layout.fullRow}>
                <TextAreaField label={t('cart.checkout.notes')} name="notes" rows={3} dir="auto" maxLength={1000} value={values.notes} onChange={set('notes')} />
              </div>
            </div>
          </Card>
          {refusing.length > 0 && (
            <div role="alert" className={layout.stack}>
              {refusing.map((g) => (
                <p key={g.key} className={cartStyles.danger}>
                  {noDeliveryMessage(g.shopName, values.city, language)}
                </p>
              ))}
            </div>
          )}
          <Button type="submit" size="lg" block loading={checkout.isPending} disabled={(loading && !user) || refusing.length > 0}>
            {checkout.isPending ? t('cart.checkout.placing') : t('cart.checkout.place')}
          </Button>
        </form>

        <Card as="section" aria-labelledby="order-summary-heading">
          <CardHeader id="order-summary-heading" title={t('cart.summary.title')} />
          {groups.map((group) => (
            <section key={group.key} aria-label={group.shopName || t('cart.shop')} className={styles.shopBlock}>
              {group.shopName && (
                <h3 className={styles.shopName} dir="auto">
                  {group.shopName}
                </h3>
              )}
              <ul className={styles.summaryList}>
                {group.lines.map((line) => {
                  const key = lineKeyString(line);
                  return <SummaryLine key={key} item={byKey.get(key) ?? line} check={check} />;
                })}
              </ul>
              {/* A refused city is named beside Place Order. */}
              <ShopAmounts group={group} rowClassName={styles.row} />
              <GroupPolicies shopId={group.shopId} check={check} />
            </section>
          ))}
          {items
            .filter((item) => check.issues.get(lineKeyString(item))?.kind === 'unavailable')
            .map((item) => (
              <ul key={lineKeyString(item)} className={styles.summaryList}>
                <SummaryLine item={item} check={check} />
              </ul>
            ))}
          <div className={styles.divider} />
          <SummaryRows sums={sums} rowClassName={styles.row} totalClassName={styles.total} />
        </Card>
      </div>
    </Page>
  );
}
