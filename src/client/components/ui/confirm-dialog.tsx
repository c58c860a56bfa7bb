import { AlertTriangle } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/**
 * An accessible replacement for window.confirm: `await confirm({ message })` resolves true when the
 * person confirms. Used for the spec's delete confirmations.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const t = useT(common);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={options !== null}
        onClose={() => settle(false)}
        role="alertdialog"
        title={options?.title ?? t('common.confirm.title')}
        icon={options?.destructive !== false ? <AlertTriangle size={28} color="#c92a2a" aria-hidden="true" /> : undefined}
        actions={
          <>
            <Button variant="outline" onClick={() => settle(false)}>
              {t('common.confirm.cancel')}
            </Button>
            <Button variant={options?.destructive === false ? 'primary' : 'danger'} onClick={() => settle(true)} autoFocus>
              {options?.confirmLabel ?? t('common.confirm.delete')}
            </Button>
          </>
        }
      >
        <p>{options?.message}</p>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
