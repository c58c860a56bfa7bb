import { InstallPrompt } from './install-prompt';
import { OfflineNotice } from './offline-notice';

/** What the installable app adds to every screen: the offline notice and the install prompt. */
export function PwaLayer() {
  return (
    <>
      <OfflineNotice />
      <InstallPrompt />
    </>
  );
}
