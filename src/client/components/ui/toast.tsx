import { CheckCircle2, Info, X, XCircle } from './public-icons';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import * as styles from './toast.css';

type Tone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
}

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

const ICONS = { success: CheckCircle2, error: XCircle, info: Info };
const DURATION_MS: Record<Tone, number> = { success: 4000, info: 4000, error: 6000 };

/** Toasts for every message of the spec: success and info are polite, errors are alerts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const t = useT(common);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);

  const push = useCallback(
    (tone: Tone, message: string) => {
      const id = nextId.current++;
      setItems((list) => [...list.filter((t) => t.message !== message).slice(-3), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), DURATION_MS[tone]);
    },
    [dismiss],
  );

  const api = useMemo<Toaster>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      info: (m) => push('info', m),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label={t('common.toast.region')} className={styles.region} aria-live="polite">
        {items.map((item) => {
          const Icon = ICONS[item.tone];
          return (
            <div key={item.id} role={item.tone === 'error' ? 'alert' : 'status'} className={`${styles.toast} ${styles.tone[item.tone]}`}>
              <Icon size={20} className={styles.iconTone[item.tone]} aria-hidden="true" />
              <span className={styles.message}>{item.message}</span>
              <button type="button" className={styles.close} onClick={() => dismiss(item.id)} aria-label={t('common.toast.dismiss')}>
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside ToastProvider');
  return toaster;
}
