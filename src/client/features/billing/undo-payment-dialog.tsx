import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

/** Undo a payment, with a reason: its months come off Pro's end (the server refuses a second undo). */
export function UndoPaymentDialog({ payment, onClose }: { payment: { id: number; months: number } | null; onClose: () => void }) {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const undo = trpc.billing.undoPayment.useMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!payment) return;
    setProblem(null);
    try {
      await undo.mutateAsync({ paymentId: payment.id, reason });
      toast.success(t('billing.undo.done'));
      await utils.billing.invalidate();
      setReason('');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, undefined, language));
    }
  }

  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      title={t('billing.undo.title')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('billing.common.cancel')}
          </Button>
          <Button type="submit" form="undo-payment" variant="danger" loading={undo.isPending}>
            {t('billing.undo.confirm')}
          </Button>
        </>
      }
    >
      <form id="undo-payment" className={styles.form} onSubmit={onSubmit} noValidate>
        <p>{t('billing.undo.text', { months: payment?.months ?? 0 })}</p>
        <TextField label={t('billing.undo.reason')} value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} required />
        {problem && (
          <p role="alert" className={styles.undoneNote}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
