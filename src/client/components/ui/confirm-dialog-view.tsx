import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import dialogs from '../../i18n/catalogues/en/dialogs';
import { useT } from '../../i18n/language';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  /** Text, or a sentence holding an element (an order number kept whole: WithOrderNumber). */
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
}

/** The confirmation itself (confirm-dialog.tsx asks and waits): loaded the first time someone is asked. */
export default function ConfirmDialogView({ options, onSettle }: { options: ConfirmOptions | null; onSettle: (ok: boolean) => void }) {
  const t = useT(dialogs);
  return (
    <Dialog
      open={options !== null}
      onClose={() => onSettle(false)}
      role="alertdialog"
      title={options?.title ?? t('dialogs.confirm.title')}
      icon={options?.destructive !== false ? <AlertTriangle size={28} color="#c92a2a" aria-hidden="true" /> : undefined}
      actions={
        <>
          <Button variant="outline" onClick={() => onSettle(false)}>
            {t('dialogs.confirm.cancel')}
          </Button>
          <Button variant={options?.destructive === false ? 'primary' : 'danger'} onClick={() => onSettle(true)} autoFocus>
            {options?.confirmLabel ?? t('dialogs.confirm.delete')}
          </Button>
        </>
      }
    >
      <p>{options?.message}</p>
    </Dialog>
  );
}
