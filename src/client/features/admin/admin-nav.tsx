import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { directional } from '../../styles/direction.css';
import admin from '../../i18n/catalogues/en/admin';
import { useT } from '../../i18n/language';

/** The way back from a moderation screen to the admin dashboard. */
export function BackToDashboard() {
  const t = useT(admin);
  return (
    <ButtonLink href="/admin/dashboard" variant="ghost" size="sm">
      <ArrowLeft size={16} className={directional} aria-hidden="true" />
      {t('admin.nav.dashboard')}
    </ButtonLink>
  );
}
