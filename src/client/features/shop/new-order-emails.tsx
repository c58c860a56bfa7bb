import { Card, CardHeader } from '../../components/ui/card';
import { Switch } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import shopTexts from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

/**
 * The shop setting "Email me new orders" (issue 31), saved on its own. Shown only where the marketplace
 * sends email; each new order then goes to the shop's contact email.
 */
export function NewOrderEmails({ enabled, contactEmail }: { enabled: boolean; contactEmail: string }) {
  const t = useT(shopTexts);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const options = trpc.auth.resetOptions.useQuery();
  const save = trpc.shops.setEmailNewOrders.useMutation();
  if (!options.data?.email) return null;

  async function onToggle(next: boolean) {
    try {
      await save.mutateAsync({ enabled: next });
      await utils.shops.mine.invalidate();
      toast.success(t(next ? 'shop.settings.newOrderEmailsOn' : 'shop.settings.newOrderEmailsOff'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <Card as="section" aria-labelledby="settings-emails">
      <CardHeader id="settings-emails" title={t('shop.settings.emails')} />
      <Switch
        label={t('shop.settings.newOrderEmails')}
        description={contactEmail ? t('shop.settings.newOrderEmailsTo', { email: contactEmail }) : t('shop.settings.newOrderEmailsNoAddress')}
        checked={enabled}
        disabled={save.isPending}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
    </Card>
  );
}
