import { Store } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { PageSkeleton } from '../components/ui/skeleton';
import { useToast } from '../components/ui/toast';
import { errorMessage } from '../error-message';
import staff from '../i18n/catalogues/en/staff';
import { useLanguage, useT } from '../i18n/language';
import { useReads } from '../reads';
import { useSession } from '../session';
import { trpc } from '../trpc';
import { ROLE_LABELS } from '../features/staff/invite-form';

/**
 * /join-shop?token=… (issue 51): a shop's invitation. A guest is sent to sign in or up and back here;
 * the invited account accepts and lands on the shop's orders. A link that is not valid, expired or
 * used says so; another account is refused by the server with its message.
 */
export default function JoinShopPage() {
  const t = useT(staff);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const token = new URLSearchParams(search).get('token') ?? '';
  const { user, loading } = useSession();
  const invitation = trpc.staff.invitation.useQuery({ token }, { retry: false });
  const accept = trpc.staff.accept.useMutation();

  async function onAccept() {
    try {
      const joined = await accept.mutateAsync({ token });
      await reads.invalidate('auth.me');
      toast.success(t('staff.join.accepted', { shop: joined.shopName }));
      navigate('/shop/orders');
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  if (invitation.isPending || loading) {
    return (
      <Page title={t('staff.join.title')} narrow>
        <PageSkeleton />
      </Page>
    );
  }
  if (invitation.error) {
    return (
      <Page title={t('staff.join.title')} narrow>
        <EmptyState icon={<Store size={40} />} title={t('staff.join.notValid')}>
          <p role="alert">{errorMessage(invitation.error, undefined, language)}</p>
        </EmptyState>
      </Page>
    );
  }
  const { shopName, role, email } = invitation.data;
  const here = `${location}?${search}`;
  return (
    <Page title={t('staff.join.title')} narrow>
      <Card>
        <div className={layout.stack}>
          <p>{t('staff.join.invited', { shop: shopName, role: t(ROLE_LABELS[role]) })}</p>
          <p>{t('staff.join.forEmail', { email })}</p>
          {user ? (
            <>
              <p>{t('staff.join.signedInAs', { email: user.email })}</p>
              {accept.error && <p role="alert">{errorMessage(accept.error, undefined, language)}</p>}
              <Button size="lg" onClick={() => void onAccept()} loading={accept.isPending}>
                {t('staff.join.accept')}
              </Button>
            </>
          ) : (
            <>
              <p>{t('staff.join.signInFirst')}</p>
              <ButtonLink href={`/auth?next=${encodeURIComponent(here)}`} size="lg">
                {t('staff.join.signIn')}
              </ButtonLink>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
