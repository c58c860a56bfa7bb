import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportThing } from '../../../shared/reports';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import { useCall } from '../../reads';
import * as styles from './report.css';

type ProductKey = keyof typeof productTexts;
const REASON_LABELS: Record<ReportReason, ProductKey> = {
  counterfeit: 'product.report.reason.counterfeit',
  prohibited: 'product.report.reason.prohibited',
  misleading: 'product.report.reason.misleading',
  offensive: 'product.report.reason.offensive',
  spam: 'product.report.reason.spam',
  scam: 'product.report.reason.scam',
  other: 'product.report.reason.other',
};

/** This browser's random name, kept for good: a guest's reports are one per thing while open. */
function reporterKey(): string | null {
  try {
    let key = localStorage.getItem(STORAGE_KEYS.reporterKey);
    if (!key) {
      key = crypto.randomUUID();
      localStorage.setItem(STORAGE_KEYS.reporterKey, key);
    }
    return key;
  } catch {
    return null;
  }
}

/** The report dialog: Reason and Details; answers "Thanks, we will take a look", or says why not. */
export default function ReportDialog({ thing, open, onClose }: { thing: { type: ReportThing; id: number }; open: boolean; onClose: () => void }) {
  const t = useT(productTexts);
  const call = useCall();
  const toast = useToast();
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function close() {
    setError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setError(t('product.report.chooseReason'));
      return;
    }
    setSending(true);
    try {
      await call('reports.submit', { thing, reason, details: details.trim(), clientKey: reporterKey() });
      toast.success(t('product.report.thanks'));
      setReason('');
      setDetails('');
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('product.report.failed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('product.report.title')}
      icon={<Flag size={28} aria-hidden="true" />}
      actions={
        <>
          <Button variant="outline" onClick={close}>
            {t('product.report.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {t('product.report.send')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <SelectField
          label={t('product.report.reason')}
          value={reason}
          required
          error={error && !reason ? error : null}
          onChange={(e) => {
            setReason(e.currentTarget.value as ReportReason);
            setError(null);
          }}
        >
          <option value="">{t('product.report.choose')}</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(REASON_LABELS[r])}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('product.report.details')}
          hint={t('product.report.detailsHint', { max: REPORT_DETAILS_MAX })}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          rows={3}
          dir="auto"
          onChange={(e) => setDetails(e.currentTarget.value)}
        />
        {error && reason && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
