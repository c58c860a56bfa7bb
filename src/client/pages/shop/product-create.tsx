import { useLocation } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { emptyProduct, ProductForm } from '../../features/product-form/product-form';
import { errorMessage, trpc } from '../../trpc';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

export default function ProductCreatePage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const shop = trpc.shops.mine.useQuery();
  const create = trpc.products.create.useMutation();

  return (
    <Page title="Add Product" subtitle="Fill in the details buyers will see." narrow>
      <TrialGate />
      {shop.isPending ? (
        <PageSkeleton label="Loading form..." />
      ) : shop.error || !shop.data ? (
        <Card role="alert">{errorMessage(shop.error, 'Shop not found')}</Card>
      ) : (
        <ProductForm
          currency={shop.data.currency}
          initial={emptyProduct()}
          submitLabel="Create Product"
          pendingLabel="Creating..."
          onSubmit={async (input) => {
            try {
              await create.mutateAsync(input);
              toast.success('Product created successfully!');
              await Promise.all([utils.products.list.invalidate(), utils.shops.dashboard.invalidate()]);
              navigate('/shop/products');
            } catch (error) {
              toast.error(errorMessage(error, 'Failed to create product'));
            }
          }}
        />
      )}
    </Page>
  );
}
