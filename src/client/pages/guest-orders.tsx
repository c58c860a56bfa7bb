import { PackageSearch } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { trackingTone } from '../../shared/order-status';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import { useToast } from '../components/ui/toast';
import { OrderCard, type TrackedOrderView } from '../features/orders/order-card';
import * as styles from '../features/orders/orders.css';
import { errorMessage, trpc } from '../trpc';

/**
 * /guest/orders (Track Your Orders): email OR order number (each disables the other); the order
 * number wins; only orders placed without an account are found. By email alone the server leaves out
 * the address, phone and notes (product-decisions 4); the order number shows them.
 */
export default function GuestOrdersPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<TrackedOrderView[] | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = orderNumber.trim();
    const mail = email.trim().toLowerCase();
    if (!number && !mail) {
      toast.error('Please enter your email or order number');
      return;
    }
    setSearching(true);
    try {
      const found = await utils.orders.track.fetch(number ? { orderNumber: number } : { email: mail }, { staleTime: 0 });
      setResults(found);
      if (found.length === 0) toast.info('No orders found with the provided information');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to fetch orders'));
    } finally {
      setSearching(false);
    }
  }

  return (
    <Page title="Track Your Orders" subtitle="Find orders you placed without an account." narrow>
      <Card>
        <form className={styles.trackForm} onSubmit={onSubmit} noValidate aria-label="Track your orders">
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={orderNumber.trim() !== ''}
          />
          <p className={styles.or} aria-hidden="true">
            or
          </p>
          <TextField
            label="Order Number"
            placeholder="ORD-20260101-0001-123456"
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
            disabled={email.trim() !== ''}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Button type="submit" loading={searching} block>
            {searching ? 'Searching...' : 'Search Orders'}
          </Button>
        </form>
      </Card>
      <div aria-live="polite">
        {results && results.length === 0 && (
          <EmptyState icon={<PackageSearch size={28} />} title="No Orders Found">
            <p>We couldn't find any orders matching your search criteria</p>
          </EmptyState>
        )}
        {results && results.length > 0 && (
          <ul className={styles.list} aria-label="Orders found">
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
