import { Banknote, Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { dayIn, formatDay } from '../../../shared/cash';
import { localizeMessage } from '../../../shared/i18n/translator';
import { CASH_REFERENCE_MAX, markCashSchema } from '../../../shared/schemas/cash';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { WithOrderNumber } from '../../components/ui/order-number';
import { SLOT } from '../../components/ui/text-with';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { directional } from '../../styles/direction.css';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './cash.css';

/** A delivered order's cash as the shop's order list gives it (product-decisions 6). */
export interface OrderCash {
  deliveredAt: string | null;
  receivedOn: string | null;
  reference: string | null;
}

function useRefreshCash() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.shopOrders.list.invalidate(), utils.shopOrders.cashSummary.invalidate()]);
}

/**
 * The day and optional reference of cash received for one or several orders. Today is the
 * marketplace's (the cash summary's `today`), the browser's own until it is known; the server refuses
 * a day in the future or before a delivery, and the toast shows why.
 */
function CashDialog({ orderIds, title, onClose, onDone }: { orderIds: number[]; title: ReactNode; onClose: () => void; onDone?: () => void }) {
  const t = useT(shop);
  const language = useLanguage();
  const toast = useToast();
  const formId = useId();
  const refresh = useRefreshCash();
  const summary = trpc.shopOrders.cashSummary.useQuery();
  const today = summary.data?.today ?? dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [receivedOn, setReceivedOn] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ receivedOn?: string; reference?: string }>({});
  const mark = trpc.shopOrders.markCashReceived.useMutation();
  const day = receivedOn ?? today;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = markCashSchema.safeParse({ orderIds, receivedOn: day, reference });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'receivedOn' | 'reference'] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await mark.mutateAsync({ orderIds, receivedOn: day, reference });
      toast.success(t('shop.cash.saved', { count: orderIds.length }));
      await refresh();
      onDone?.();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.cash.failed')));
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="outline" onClick={onClose} disabled={mark.isPending}>
            {t('shop.ship.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={mark.isPending}>
            {t('shop.cash.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField label={t('shop.cash.date')} type="date" value={day} max={today} onChange={(e) => setReceivedOn(e.currentTarget.value)} error={errors.receivedOn} required />
        <TextField
          label={t('shop.cash.reference')}
          hint={t('shop.cash.referenceHint', { max: CASH_REFERENCE_MAX })}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          maxLength={CASH_REFERENCE_MAX}
          error={errors.reference}
          autoComplete="off"
          dir="auto"
        />
      </form>
    </Dialog>
  );
}

/** On a delivered order's card: "Mark cash received", or the day it was received with Undo. */
export function CashReceivedActions({ orderId, orderNumber, cash }: { orderId: number; orderNumber: string; cash: OrderCash | null }) {
  const t = useT(shop);
  const language = useLanguage();
  const toast = useToast();
  const refresh = useRefreshCash();
  const undo = trpc.shopOrders.undoCashReceived.useMutation();
  const [open, setOpen] = useState(false);
  if (!cash) return null;

  async function onUndo() {
    try {
      await undo.mutateAsync({ orderId });
      toast.success(t('shop.cash.undone'));
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.cash.undoFailed')));
    }
  }

  if (cash.receivedOn) {
    return (
      <span className={styles.cashReceived}>
        <Banknote size={16} aria-hidden="true" />
        <span>
          {t('shop.cash.receivedOn', { date: formatDay(cash.receivedOn, language) })}
          {cash.reference && (
            <>
              {' · '}
              <bdi>{cash.reference}</bdi>
            </>
          )}
        </span>
        <Button size="sm" variant="ghost" onClick={onUndo} loading={undo.isPending} aria-label={t('shop.cash.undoLabel', { orderNumber })}>
          <Undo2 size={16} aria-hidden="true" className={directional} /> {t('shop.cash.undo')}
        </Button>
      </span>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Banknote size={16} aria-hidden="true" /> {t('shop.cash.mark')}
      </Button>
      {open && <CashDialog orderIds={[orderId]} title={<WithOrderNumber text={t('shop.cash.titleOne', { orderNumber: SLOT })} orderNumber={orderNumber} />} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Beside "Print packing slips": marks the cash of the ticked delivered orders awaiting it, in one step. */
export function MarkCashSelected({ orderIds, onDone }: { orderIds: number[]; onDone: () => void }) {
  const t = useT(shop);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={orderIds.length === 0}>
        <Banknote size={16} aria-hidden="true" /> {t('shop.cash.markSelected', { count: orderIds.length })}
      </Button>
      {open && <CashDialog orderIds={orderIds} title={t('shop.cash.titleMany', { count: orderIds.length })} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}
