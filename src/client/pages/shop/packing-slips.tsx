import { Printer } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { PageSkeleton } from '../../components/ui/skeleton';
import * as pageStyles from '../../components/ui/page.css';
import { PackingSlip } from '../../features/orders/packing-slip';
import { packingSlipsHref, readPackingSlipsSearch, type SlipPaper } from '../../features/orders/packing-slips-link';
import * as styles from '../../features/orders/packing-slips.css';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

/** The printed sheet of each paper; the slip's own padding is the page margin. */
const PAGE_RULES: Record<SlipPaper, string> = {
  a4: '@page { size: A4; margin: 14mm; }',
  label: '@page { size: 4in 6in; margin: 4mm; }',
};

/**
 * /shop/orders/slips?ids=3,1,2: the packing slips of those orders, one printed page each, on A4 or
 * on 4×6 in labels. The server decides who may read them (the shop's owner or an admin).
 */
export default function PackingSlipsPage() {
  const t = useT(shop);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const { orderIds, paper } = readPackingSlipsSearch(useSearch());
  const query = trpc.shopOrders.packingSlips.useQuery({ orderIds }, { enabled: orderIds.length > 0 });
  const count = query.data?.length ?? orderIds.length;

  return (
    <div className={styles.screen}>
      {/* @page cannot be written by vanilla-extract; the paper chosen decides it. */}
      <style>{PAGE_RULES[paper]}</style>
      <header className={`${pageStyles.header} ${styles.screenOnly}`}>
        <div>
          <h1 className={pageStyles.title}>{t('shop.slips.title', { count: Math.max(count, 1) })}</h1>
          {query.data && <p className={pageStyles.subtitle}>{t('shop.slips.subtitle', { count })}</p>}
        </div>
        {query.data && (
          <div className={styles.toolbar}>
            <div className={styles.paperField}>
              <SelectField
                label={t('shop.slips.paper')}
                value={paper}
                onChange={(e) => navigate(packingSlipsHref(orderIds, e.currentTarget.value as SlipPaper), { replace: true })}
              >
                <option value="a4">{t('shop.slips.paper.a4')}</option>
                <option value="label">{t('shop.slips.paper.label')}</option>
              </SelectField>
            </div>
            <Button onClick={() => window.print()}>
              <Printer size={18} aria-hidden="true" /> {t('shop.slips.print')}
            </Button>
          </div>
        )}
      </header>
      {orderIds.length === 0 ? (
        <Card role="alert">
          <p>{t('shop.slips.noneChosen')}</p>
          <Link href="/shop/orders">{t('shop.slips.backToOrders')}</Link>
        </Card>
      ) : query.isPending ? (
        <PageSkeleton label={t('shop.slips.loading')} />
      ) : query.error ? (
        <Card role="alert">
          <p>{errorMessage(query.error, t('shop.slips.loadFailed'), language)}</p>
          <Link href="/shop/orders">{t('shop.slips.backToOrders')}</Link>
        </Card>
      ) : (
        <div className={styles.slips}>
          {query.data.map((slip) => (
            <PackingSlip key={slip.orderId} slip={slip} paper={paper} />
          ))}
        </div>
      )}
    </div>
  );
}
