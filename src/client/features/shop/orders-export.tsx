import { Download } from 'lucide-react';
import { useState } from 'react';
import { dayIn, monthBounds } from '../../../shared/cash';
import type { OrderStatus } from '../../../shared/constants';
import { localizeMessage } from '../../../shared/i18n/translator';
import { orderExportSchema } from '../../../shared/schemas/order-export';
import { buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './cash.css';

/** The two files (issue 53): the orders, a row each with its total once, and their items, a row each. */
const FILES = [
  { path: '/api/shop/orders.csv', label: 'shop.export.orders' },
  { path: '/api/shop/order-items.csv', label: 'shop.export.items' },
] as const;

/**
 * "Orders CSV" and "Items CSV" of the orders matching the page's status filter and the days From and
 * To (this month by default): plain download links to /api/shop/orders.csv and order-items.csv,
 * offered once the range passes the server's own rule (at most 366 days, From on or before To).
 */
export function OrdersExport({ status }: { status: OrderStatus | '' }) {
  const t = useT(shop);
  const language = useLanguage();
  const today = dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [from, setFrom] = useState(monthBounds(today).thisMonth);
  const [to, setTo] = useState(today);
  const parsed = orderExportSchema.safeParse({ status: status || undefined, from, to });
  const error = parsed.success ? null : localizeMessage(language, parsed.error.issues[0]?.message ?? '');
  const query = new URLSearchParams({ ...(status ? { status } : {}), from, to });
  return (
    <section className={styles.exportRow} aria-label={t('shop.export.label')}>
      <TextField label={t('shop.export.from')} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      <TextField label={t('shop.export.to')} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={error} />
      <div className={styles.exportLinks}>
        {FILES.map(({ path, label }) => (
          <a
            key={path}
            href={parsed.success ? `${path}?${query}` : undefined}
            download
            aria-disabled={!parsed.success || undefined}
            className={buttonClass({ variant: 'outline', size: 'sm' }, styles.exportButton)}
          >
            <Download size={16} aria-hidden="true" /> {t(label)}
          </a>
        ))}
      </div>
    </section>
  );
}
