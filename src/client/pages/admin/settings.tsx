import { Card } from '../../components/ui/card';
import * as layout from '../../components/ui/page.css';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import { useLoadFailureToast } from '../../features/admin/failure';
import { AnnouncementForm } from '../../features/admin/announcement-form';
import { MarketplaceSettingsForm } from '../../features/admin/settings-form';
import { LogoSettings } from '../../features/admin/logo-settings';
import { BillingSettingsSection } from '../../features/billing/billing-settings-form';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';

/** /admin/settings (issue 47): the marketplace's own identity, the one source every page reads, and the announcement bar; its Billing section (issue 48). */
export default function AdminSettingsPage() {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const settings = trpc.settings.get.useQuery();
  const announcement = trpc.settings.announcement.useQuery();
  useLoadFailureToast(settings.error ?? announcement.error, t('admin.settings.loadFailed'), toast.error, language);
  return (
    <Page title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')} actions={<BackToDashboard />}>
      <div className={layout.stack}>
        {settings.data ? (
          <>
            <MarketplaceSettingsForm settings={settings.data} />
            {/* Saved on its own, as soon as a file is chosen. */}
            <LogoSettings />
          </>
        ) : (
          <Card>
            <Skeleton height={240} />
          </Card>
        )}
        {announcement.data ? (
          <AnnouncementForm announcement={announcement.data} />
        ) : (
          <Card>
            <Skeleton height={160} />
          </Card>
        )}
        <BillingSettingsSection />
      </div>
    </Page>
  );
}
