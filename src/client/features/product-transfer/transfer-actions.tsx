import { Download, FileArchive, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import transfer from '../../i18n/catalogues/en/transfer';
import { useT } from '../../i18n/language';
import { ImportDialog } from './import-dialog';
import { ImportStatus } from './import-status';
import { trpc } from '../../trpc';
import { TRANSFER_URL } from './send-file';
import * as styles from './transfer.css';

/**
 * The catalogue as a spreadsheet on /shop/products: export (CSV, or ZIP with images), import with its
 * dialog and progress. `exports`: the owner's alone (issue 51: staff import, but export nothing).
 */
export function CatalogueTransfer({ onImported, exports = true }: { onImported: () => void; exports?: boolean }) {
  const t = useT(transfer);
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [startedId, setStartedId] = useState<number | null>(null);
  return (
    <>
      <div className={styles.bar} role="group" aria-label={t('transfer.actions')}>
        {exports && (
          <>
            <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={`${TRANSFER_URL}/export.csv`} download>
              <Download size={16} aria-hidden="true" /> {t('transfer.export')}
            </a>
            <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={`${TRANSFER_URL}/export.zip`} download>
              <FileArchive size={16} aria-hidden="true" /> {t('transfer.exportImages')}
            </a>
          </>
        )}
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Upload size={16} aria-hidden="true" /> {t('transfer.import')}
        </Button>
      </div>
      <ImportStatus startedId={startedId} onFinished={onImported} />
      <ImportDialog open={open} onClose={() => setOpen(false)} onStarted={(id) => {
          setStartedId(id);
          void utils.products.latestImport.invalidate();
        }}
      />
    </>
  );
}
