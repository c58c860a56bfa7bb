import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import type { ImportPreview } from '../../../shared/product-csv';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import transfer from '../../i18n/catalogues/en/transfer';
import { useLanguage, useT } from '../../i18n/language';
import { importStep } from './import-step';
import { sendImportFile, TRANSFER_URL } from './send-file';
import * as styles from './transfer.css';

/**
 * Choose a file, see what it would do (nothing is written), then confirm: the server judges the file
 * again as the import starts and runs it on its own (ImportStatus shows how far it is).
 */
export function ImportDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (id: number) => void }) {
  const t = useT(transfer);
  const language = useLanguage();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'reading' | 'starting' | null>(null);

  function close() {
    setFile(null);
    setPreview(null);
    setProblem(null);
    onClose();
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    setBusy('reading');
    const answer = await sendImportFile('preview', chosen, language, t('transfer.failed'));
    setBusy(null);
    if (answer.kind === 'preview') setPreview(answer.preview);
    else if (answer.kind === 'refused') setProblem(answer.message);
  }

  async function start() {
    if (!file) return;
    setBusy('starting');
    const answer = await sendImportFile('import', file, language, t('transfer.failed'));
    setBusy(null);
    if (answer.kind === 'started') {
      toast.success(t('transfer.started'));
      onStarted(answer.id);
      close();
      return;
    }
    if (answer.kind === 'refused') {
      if (answer.preview) setPreview(answer.preview);
      toast.error(answer.message);
    }
  }

  const step = importStep(preview);
  const hasErrors = step.kind === 'fix';
  const label =
    step.kind === 'import'
      ? t('transfer.confirm', { count: step.products })
      : step.kind === 'fix'
        ? t('transfer.fixRows', { count: step.rows })
        : step.kind === 'nothing'
          ? t('transfer.nothingToImport')
          : t('transfer.import');

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('transfer.dialogTitle')}
      actions={
        <>
          <Button variant="outline" onClick={close}>
            {t('transfer.cancel')}
          </Button>
          <Button onClick={() => void start()} disabled={step.kind !== 'import'} loading={busy === 'starting'}>
            {label}
          </Button>
        </>
      }
    >
      <p>{t('transfer.intro')}</p>
      <a href={`${TRANSFER_URL}/import-template.csv`} download className={styles.note}>
        {t('transfer.template')}
      </a>
      <TextField
        label={t('transfer.file')}
        type="file"
        accept=".csv,.zip,text/csv,application/zip"
        onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
        disabled={busy !== null}
        error={problem}
      />
      {busy === 'reading' && <p role="status">{t('transfer.reading')}</p>}
      {preview && (
        <div role="status" aria-live="polite">
          <p className={styles.summary}>
            {t('transfer.summary', {
              created: preview.counts.created,
              updated: preview.counts.updated,
              unchanged: preview.counts.unchanged,
              errors: preview.counts.withErrors,
            })}
          </p>
          <p className={styles.note}>{t('transfer.readAs', { encoding: preview.encoding, separator: preview.separator })}</p>
          {preview.newCategories.length > 0 && <p className={styles.note}>{t('transfer.newCategories', { names: preview.newCategories.join(', ') })}</p>}
          {preview.newImages > 0 && <p className={styles.note}>{t('transfer.newImages', { count: preview.newImages })}</p>}
          {hasErrors ? (
            <>
              <h3 className={styles.subheading}>{t('transfer.errorsTitle')}</h3>
              <ul className={styles.errors}>
                {preview.errors.map((e) => (
                  <li key={`${e.row}-${e.column}`}>{t('transfer.rowError', { row: e.row, column: e.column, message: e.message })}</li>
                ))}
                {preview.moreErrors > 0 && <li>{t('transfer.moreErrors', { count: preview.moreErrors })}</li>}
              </ul>
              <p className={styles.note}>{t('transfer.fixAndRetry')}</p>
            </>
          ) : step.kind === 'nothing' ? (
            <p className={styles.note}>{t('transfer.nothingToDo')}</p>
          ) : null}
          {preview.sample.length > 0 && (
            <>
              <h3 className={styles.subheading}>{t('transfer.sampleTitle')}</h3>
              <ul className={styles.sample}>
                {preview.sample.map((p) => (
                  <li key={p.row} className={styles.sampleRow}>
                    <span className={styles.sampleName} dir="auto">
                      {p.name}
                    </span>
                    <bdi>{formatMoney(p.price, p.currency, language)}</bdi>
                    <span>{t('transfer.stock', { stock: p.stock })}</span>
                    <span>{t('transfer.action', { action: p.action })}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
