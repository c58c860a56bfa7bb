import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import dialogs from '../../i18n/catalogues/en/dialogs';
import { useT } from '../../i18n/language';

/** The install modal itself (install-prompt.tsx decides when): loaded the first time it opens. */
export default function InstallDialog({ open, site, onLater, onInstall }: { open: boolean; site: string; onLater: () => void; onInstall: () => void }) {
  const t = useT(dialogs);
  return (
    <Dialog
      open={open}
      onClose={onLater}
      title={t('dialogs.pwa.installTitle', { site })}
      icon={<Download size={28} aria-hidden="true" />}
      actions={
        <>
          <Button variant="outline" onClick={onLater}>
            {t('dialogs.pwa.later')}
          </Button>
          <Button onClick={onInstall} autoFocus>
            {t('dialogs.pwa.install')}
          </Button>
        </>
      }
    >
      <p>{t('dialogs.pwa.installBody', { site })}</p>
    </Dialog>
  );
}
