import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import { useLoadFailureToast } from '../../features/admin/failure';
import { MarketplaceSettingsForm } from '../../features/admin/settings-form';
import { BillingSettingsSection } from '../../features/billing/billing-settings-form';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';

/** /admin/settings (issue 47): the marketplace's own identity, the one source every page reads; its Billing section (issue 48). */
export default function AdminSettingsPage() {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const settings = trpc.settings.get.useQuery();
  useLoadFailureToast(settings.error, t('admin.settings.loadFailed'), toast.error, language);
  return (
    <Page title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')} actions={<BackToDashboard />}>
      {settings.data ? (
        <MarketplaceSettingsForm settings={settings.data} />
      ) : (
        <Card>
          <Skeleton height={240} />
        </Card>
      )}
      <BillingSettingsSection />
    </Page>
  );
}
