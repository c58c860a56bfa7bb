import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { ProductForm, productToForm } from '../../features/product-form/product-form';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

export default function ProductEditPage({ params }: { params: Record<string, string | undefined> }) {
  const toast = useToast();
  const t = useT(shop);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const product = trpc.products.byId.useQuery({ id }, { enabled: valid, staleTime: 0, gcTime: 0 });
  const update = trpc.products.update.useMutation();

  useEffect(() => {
    if (!valid || product.error) {
      toast.error(product.error ? errorMessage(product.error, t('shop.productEdit.notFound')) : t('shop.productEdit.notFound'));
      navigate('/shop/products', { replace: true });
    }
  }, [valid, product.error, toast, navigate, t]);

  return (
    <Page title={t('shop.productEdit.title')} subtitle={product.data && <span dir="auto">{product.data.name}</span>} narrow>
      <TrialGate />
      {product.data?.hiddenByAdmin && (
        <Card role="status">
          <strong>{t('shop.common.hiddenByAdmin')}</strong>
          {t('shop.productEdit.hiddenByAdmin')}
        </Card>
      )}
      {!product.data ? (
        <PageSkeleton label={t('shop.productEdit.loading')} />
      ) : (
        <ProductForm
          key={product.data.id}
          currency={product.data.currency}
          initial={productToForm(product.data)}
          submitLabel={t('shop.productEdit.submit')}
          pendingLabel={t('shop.common.saving')}
          onSubmit={async (input) => {
            try {
              await update.mutateAsync({ id, product: input });
              toast.success(t('shop.productEdit.updated'));
              await Promise.all([utils.products.list.invalidate(), utils.products.byId.invalidate({ id }), utils.shops.dashboard.invalidate()]);
              navigate('/shop/products');
            } catch (error) {
              toast.error(errorMessage(error, t('shop.productEdit.failed')));
            }
          }}
        />
      )}
    </Page>
  );
}
