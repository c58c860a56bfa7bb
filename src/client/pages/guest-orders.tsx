import { PackageSearch } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { trackingTone } from '../../shared/order-status';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import { useToast } from '../components/ui/toast';
import { OrderCard, type TrackedOrderView } from '../features/orders/order-card';
import * as styles from '../features/orders/orders.css';
import orders from '../i18n/catalogues/en/orders';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { trpc } from '../trpc';

/**
 * /guest/orders (Track Your Orders): email OR order number (each disables the other); the order
 * number wins; only orders placed without an account are found. By email alone the server leaves out
 * the address, phone and notes (product-decisions 4); the order number shows them.
 */
export default function GuestOrdersPage() {
  const toast = useToast();
  const t = useT(orders);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  // The receipt email's tracking link carries the order number (?order=ORD-…): the field starts with it.
  const [params] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(() => params.get('order')?.trim().slice(0, 40) ?? '');
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<TrackedOrderView[] | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = orderNumber.trim();
    const mail = email.trim().toLowerCase();
    if (!number && !mail) {
      toast.error(t('orders.track.needInput'));
      return;
    }
    setSearching(true);
    try {
      const found = await utils.orders.track.fetch(number ? { orderNumber: number } : { email: mail }, { staleTime: 0 });
      setResults(found);
      if (found.length === 0) toast.info(t('orders.track.noneToast'));
    } catch (error) {
      toast.error(errorMessage(error, t('orders.track.failed'), language));
    } finally {
      setSearching(false);
    }
  }

  return (
    <Page title={t('orders.track.title')} subtitle={t('orders.track.subtitle')} narrow>
      <Card>
        <form className={styles.trackForm} onSubmit={onSubmit} noValidate aria-label={t('orders.track.form')}>
          <TextField
            label={t('orders.track.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={orderNumber.trim() !== ''}
          />
          <p className={styles.or} aria-hidden="true">
            {t('orders.track.or')}
          </p>
          <TextField
            label={t('orders.track.orderNumber')}
            dir="ltr"
            placeholder="ORD-20260101-0001-123456"
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
            disabled={email.trim() !== ''}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Button type="submit" loading={searching} block>
            {searching ? t('orders.track.searching') : t('orders.track.search')}
          </Button>
        </form>
      </Card>
      <div aria-live="polite">
        {results && results.length === 0 && (
          <EmptyState icon={<PackageSearch size={28} />} title={t('orders.track.noneTitle')}>
            <p>{t('orders.track.noneText')}</p>
          </EmptyState>
        )}
        {results && results.length > 0 && (
          <ul className={styles.list} aria-label={t('orders.track.found')}>
            {results.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} tone={trackingTone(order.status)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
