import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../shared/i18n/intl';
import { waLink } from '../../../shared/whatsapp';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './admin.css';

/**
 * /admin/users "Reset link" (issue 31): a one-time link to reset the user's password, valid 24 hours
 * (making one voids the user's older links), shown with "Copy" and "Send on WhatsApp" to their phone.
 */
export function ResetLinkButton({ userId, name, describedBy }: { userId: number; name: string; describedBy: string }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const make = trpc.admin.resetLink.useMutation();
  const [link, setLink] = useState<{ url: string; expiresAt: string; phone: string; countryCode: string } | null>(null);

  async function onMake() {
    try {
      setLink(await make.mutateAsync({ userId }));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  async function onCopy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t('admin.resetLink.copied'));
    } catch {
      toast.error(t('admin.resetLink.copyFailed'));
    }
  }

  // The link on a line of its own: never inside a translated sentence, where direction marks could stick to it.
  const whatsapp = link ? waLink(link.phone, link.countryCode, `${t('admin.resetLink.message')}\n${link.url}`) : null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={onMake} loading={make.isPending} aria-describedby={describedBy}>
        <KeyRound size={14} aria-hidden="true" />
        {t('admin.resetLink.button')}
      </Button>
      <Dialog
        open={link !== null}
        onClose={() => setLink(null)}
        title={t('admin.resetLink.title', { name })}
        actions={
          <>
            <Button variant="ghost" onClick={() => setLink(null)}>
              {t('admin.resetLink.close')}
            </Button>
            <Button variant="secondary" onClick={onCopy}>
              {t('admin.resetLink.copy')}
            </Button>
            {whatsapp && (
              <ButtonLink href={whatsapp} external>
                {t('admin.resetLink.whatsapp')}
              </ButtonLink>
            )}
          </>
        }
      >
        {link && (
          <div className={styles.resetLink}>
            <TextField label={t('admin.resetLink.label')} value={link.url} readOnly dir="ltr" onFocus={(event) => event.currentTarget.select()} />
            <p className={styles.muted}>
              {t('admin.resetLink.valid', { until: formatDate(new Date(link.expiresAt), language, 'dateTime') })}
            </p>
          </div>
        )}
      </Dialog>
    </>
  );
}
