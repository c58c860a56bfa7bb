import { Page } from '../../components/ui/page';
import * as layout from '../../components/ui/page.css';
import { PageSkeleton } from '../../components/ui/skeleton';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import { InviteForm } from '../../features/staff/invite-form';
import { StaffList } from '../../features/staff/staff-list';
import { errorMessage } from '../../error-message';
import staff from '../../i18n/catalogues/en/staff';
import { useLanguage, useT } from '../../i18n/language';
import { formatNumber } from '../../../shared/i18n/numbers';
import { MAX_STAFF } from '../../../shared/staff';
import { useSession } from '../../session';
import { trpc } from '../../trpc';

/** /shop/staff (issue 51), from the shop's "Shop" page: "Add staff", and the owner's list. */
export default function ShopStaffPage() {
  const t = useT(staff);
  const language = useLanguage();
  const { user } = useSession();
  const list = trpc.staff.list.useQuery();
  return (
    <Page title={t('staff.title')} subtitle={t('staff.subtitle', { max: formatNumber(MAX_STAFF, language) })}>
      <TrialGate />
      <div className={layout.stack}>
        <InviteForm shopName={user?.shop?.name ?? ''} />
        {list.isPending && <PageSkeleton />}
        {list.error && <p role="alert">{errorMessage(list.error, undefined, language)}</p>}
        {list.data && <StaffList data={list.data} />}
      </div>
    </Page>
  );
}
