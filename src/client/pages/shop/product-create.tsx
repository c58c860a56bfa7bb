import { useLocation } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { emptyProduct, ProductForm } from '../../features/product-form/product-form';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import { useSession } from '../../session';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

export default function ProductCreatePage() {
  const toast = useToast();
  const t = useT(shop);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  // The shop's currency from the session: its settings (shops.mine) are the owner's alone (issue 51).
  const { user, loading } = useSession();
  const currency = user?.shop?.currency;
  const create = trpc.products.create.useMutation();

  return (
    <Page title={t('shop.common.addProduct')} subtitle={t('shop.productCreate.subtitle')} narrow>
      <TrialGate />
      {loading ? (
        <PageSkeleton label={t('shop.productCreate.loading')} />
      ) : !currency ? (
        <Card role="alert">{t('shop.common.shopNotFound')}</Card>
      ) : (
        <ProductForm
          currency={currency}
          initial={emptyProduct()}
          submitLabel={t('shop.productCreate.submit')}
          pendingLabel={t('shop.common.creating')}
          onSubmit={async (input) => {
            try {
              await create.mutateAsync(input);
              toast.success(t('shop.productCreate.created'));
              await Promise.all([utils.products.list.invalidate(), utils.shops.dashboard.invalidate()]);
              navigate('/shop/products');
            } catch (error) {
              toast.error(errorMessage(error, t('shop.productCreate.failed')));
            }
          }}
        />
      )}
    </Page>
  );
}
