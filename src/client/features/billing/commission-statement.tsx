import type { inferRouterOutputs } from '@trpc/server';
import { Download, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDay } from '../../../shared/cash';
import { formatMonth } from '../../../shared/i18n/intl';
import { formatMoney } from '../../../shared/money';
import { bpsToTaxPercent } from '../../../shared/schemas/shop';
import { Amount } from '../../components/ui/amount';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

export type Statement = inferRouterOutputs<AppRouter>['commission']['mine'];

/**
 * A shop's commission statement (issue 48), month by month, newest first: each delivered order's
 * commission (order number, goods, rate, commission), the payments, and the balance. The shop sees
 * its own on /shop/billing; the admin any shop's on /admin/billing.
 */
export function CommissionStatement({ statement }: { statement: Statement }) {
  const t = useT(billing);
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, statement.currency, language);
  return (
    <div className={styles.section} data-testid="commission-statement">
      <p className={styles.status}>
        <strong>{t('billing.statement.balance')}</strong>
        <span className={styles.amount} data-testid="commission-balance">
          <Amount minor={statement.balance} currency={statement.currency} />
        </span>
      </p>
      {statement.months.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} />} title={t('billing.statement.none')} />
      ) : (
        statement.months.map((month) => (
          <section key={month.month} aria-label={formatMonth(month.month, language)} className={styles.section}>
            <h3 className={styles.monthHeading}>
              <span>{formatMonth(month.month, language)}</span>
              <span className={styles.note}>
                {t('billing.statement.commission')} <Amount minor={month.commission} currency={statement.currency} /> · {t('billing.statement.paid')}{' '}
                <Amount minor={month.paid} currency={statement.currency} />
              </span>
            </h3>
            <ul className={styles.rows}>
              {month.entries.map((e) => (
                <li key={`e${e.id}`} className={styles.row}>
                  <span className={styles.rowMainWhole}>
                    <strong>
                      <bdi className={styles.amount}>{e.orderNumber}</bdi>
                    </strong>
                    <span className={styles.note}>
                      {t('billing.statement.goods', { goods: money(e.goods), rate: bpsToTaxPercent(e.rateBps) })} · {formatDay(e.deliveredOn, language)}
                    </span>
                  </span>
                  <span className={styles.amount}>
                    <Amount minor={e.commission} currency={statement.currency} />
                  </span>
                </li>
              ))}
              {month.payments.map((p) => (
                <li key={`p${p.id}`} className={styles.row}>
                  <span className={styles.rowMain}>
                    <strong>{t('billing.statement.payment')}</strong>
                    <span className={styles.note}>
                      {t('billing.payments.paidOn', { date: formatDay(p.paidOn, language) })}
                      {p.reference && <> · {t('billing.payments.reference', { reference: p.reference })}</>}
                    </span>
                  </span>
                  <span className={styles.amount}>
                    <Amount minor={-p.amount} currency={statement.currency} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/** "Download statement (CSV)": the server writes it (BOM, formula-safe cells); the page saves it as a file. */
export function DownloadStatementButton() {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { csv, filename } = await utils.commission.mineCsv.fetch();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={download} loading={busy}>
      <Download size={16} aria-hidden="true" /> {t('billing.statement.download')}
    </Button>
  );
}
