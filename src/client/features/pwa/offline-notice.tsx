import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import * as styles from './offline-notice.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A clear notice while the device is offline: the app shell still opens, but data cannot load. */
export function OfflineNotice() {
  const t = useT(common);
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  return (
    <div role="status" aria-live="polite" className={online ? 'visually-hidden' : styles.notice}>
      {!online && (
        <>
          <WifiOff size={16} aria-hidden="true" />
          <span>{t('common.pwa.offline')}</span>
        </>
      )}
    </div>
  );
}
