import { TRPCClientError } from '@trpc/client';
import { ImageOff } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { lineKeyString, lineTotal, toOrderLines } from '../../shared/cart';
import { colorName } from '../../shared/colors';
import { formatMoney } from '../../shared/money';
import { shippingSchema } from '../../shared/schemas/checkout';
import { Button } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { TextAreaField, TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { useToast } from '../components/ui/toast';
import { useSession } from '../session';
import { AmountRows } from '../features/cart/amount-rows';
import * as cartStyles from '../features/cart/cart.css';
import { atCurrentPrice, currentSubtotals, useCartCheck } from '../features/cart/cart-check';
import { cartStore, useCart } from '../features/cart/cart-store';
import * as styles from '../features/checkout/checkout.css';
import { checkoutAttemptKey, endCheckoutAttempt, pendingAttemptShipping } from '../features/checkout/checkout-attempt';
import { placedOrders } from '../features/checkout/placed-orders-store';
import { errorMessage, trpc } from '../trpc';

const FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'postalCode', 'notes'] as const;
type Field = (typeof FIELDS)[number];

/** /checkout: shipping form (pre-filled from the profile) and the order summary; one order per shop. */
export default function CheckoutPage() {
  const items = useCart();
  const { user, loading } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const checkout = trpc.orders.checkout.useMutation();
  const check = useCartCheck(items);
  // A tab reloaded mid-checkout shows the details it sent, so placing the order again is the same attempt.
  const [values, setValues] = useState<Record<Field, string>>(
    () => pendingAttemptShipping(toOrderLines(items)) ?? { fullName: '', email: '', phone: '', address: '', city: '', postalCode: '', notes: '' },
  );
  const [prefilled, setPrefilled] = useState(false);

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
      toast.error(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    const lines = toOrderLines(items);
    // The same key for every retry of this attempt: the server then places its orders only once.
    const attemptKey = checkoutAttemptKey({ lines, shipping: parsed.data, buyerId: user?.id ?? null });
    try {
      const result = await checkout.mutateAsync({ items: lines, shipping: parsed.data, attemptKey });
      endCheckoutAttempt();
      placedOrders.show(result.orders);
      navigate(destination, { replace: true });
      cartStore.clear();
      toast.success('Order placed successfully! Check WhatsApp for confirmation.');
      void utils.orders.invalidate();
      void utils.catalog.invalidate();
      // The first shop's WhatsApp opens at once (product-decisions section 3); the rest are links.
      const first = result.orders[0]?.whatsappUrl;
      if (first) window.open(first, '_blank', 'noopener,noreferrer');
    } catch (error) {
      // The server refused the key itself (it was used for other details): the next try is a new attempt.
      if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT') endCheckoutAttempt();
      toast.error(errorMessage(error));
      void utils.catalog.cartLines.invalidate();
    }
  }

  const subtotals = currentSubtotals(items, check);

  return (
    <Page title="Checkout" subtitle="Cash on delivery. Each shop confirms your order on WhatsApp.">
      <div className={cartStyles.layout}>
        <form onSubmit={onSubmit} noValidate aria-label="Shipping details" className={layout.stack}>
          <Card as="section" aria-labelledby="shipping-heading">
            <CardHeader id="shipping-heading" title="Shipping details" />
            <div className={layout.formGrid}>
              <TextField label="Full Name" name="fullName" autoComplete="name" required value={values.fullName} onChange={set('fullName')} />
              <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
              <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} />
              <TextField label="City" name="city" autoComplete="address-level2" required value={values.city} onChange={set('city')} />
              <div className={layout.fullRow}>
                <TextField label="Address" name="address" autoComplete="street-address" required value={values.address} onChange={set('address')} />
              </div>
              <TextField label="Postal Code" name="postalCode" autoComplete="postal-code" required value={values.postalCode} onChange={set('postalCode')} />
              <div className={layout.fullRow}>
                <TextAreaField label="Notes (optional)" name="notes" rows={3} maxLength={1000} value={values.notes} onChange={set('notes')} />
              </div>
            </div>
          </Card>
          <Button type="submit" size="lg" block loading={checkout.isPending} disabled={loading && !user}>
            {checkout.isPending ? 'Placing order...' : 'Place Order'}
          </Button>
        </form>

        <Card as="section" aria-labelledby="order-summary-heading">
          <CardHeader id="order-summary-heading" title="Order Summary" />
          <ul className={styles.summaryList}>
            {items.map((stored) => {
              const key = lineKeyString(stored);
              const issue = check.issues.get(key);
              const item = atCurrentPrice(stored, check);
              return (
                <li key={key} className={styles.summaryItem}>
                  {item.image_url ? (
                    <img className={styles.thumb} src={item.image_url} alt="" />
                  ) : (
                    <span className={styles.thumb} aria-hidden="true" style={{ display: 'grid', placeItems: 'center' }}>
                      <ImageOff size={18} />
                    </span>
                  )}
                  <div>
                    <div className={styles.itemName}>{item.product_name}</div>
                    <div className={styles.muted}>
                      {[item.color && colorName(item.color), item.size, `Qty ${item.quantity}`].filter(Boolean).join(' · ')}
                    </div>
                    {issue?.kind === 'unavailable' && <div className={styles.muted}>No longer available</div>}
                    {issue?.kind === 'stock' && <div className={styles.muted}>Only {issue.left} left</div>}
                  </div>
                  <span>{formatMoney(lineTotal(item), item.currency)}</span>
                </li>
              );
            })}
          </ul>
          <div className={styles.divider} />
          <AmountRows label="Subtotal" amounts={subtotals} className={styles.row} />
          <div className={styles.row}>
            <span>Shipping</span>
            <span className={styles.muted}>Confirmed by each shop</span>
          </div>
          <p className={styles.muted}>Shop taxes, if any, are added to each shop's order.</p>
          <AmountRows label="Total" amounts={subtotals} className={styles.total} />
        </Card>
      </div>
    </Page>
  );
}
