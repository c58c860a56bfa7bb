import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { ProductForm, productToForm } from '../../features/product-form/product-form';
import { errorMessage, trpc } from '../../trpc';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

export default function ProductEditPage({ params }: { params: Record<string, string | undefined> }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const product = trpc.products.byId.useQuery({ id }, { enabled: valid, staleTime: 0, gcTime: 0 });
  const update = trpc.products.update.useMutation();

  useEffect(() => {
    if (!valid || product.error) {
      toast.error(product.error ? errorMessage(product.error, 'Product not found') : 'Product not found');
      navigate('/shop/products', { replace: true });
    }
  }, [valid, product.error, toast, navigate]);

  return (
    <Page title="Edit Product" subtitle={product.data?.name} narrow>
      <TrialGate />
      {product.data?.hiddenByAdmin && (
        <Card role="status">
          <strong>Hidden by an administrator.</strong> Buyers cannot see this product until an administrator restores it. You can still edit it.
        </Card>
      )}
      {!product.data ? (
        <PageSkeleton label="Loading product..." />
      ) : (
        <ProductForm
          key={product.data.id}
          currency={product.data.currency}
          initial={productToForm(product.data)}
          submitLabel="Update Product"
          pendingLabel="Saving..."
          onSubmit={async (input) => {
            try {
              await update.mutateAsync({ id, product: input });
              toast.success('Product updated successfully!');
              await Promise.all([utils.products.list.invalidate(), utils.products.byId.invalidate({ id }), utils.shops.dashboard.invalidate()]);
              navigate('/shop/products');
            } catch (error) {
              toast.error(errorMessage(error, 'Failed to update product'));
            }
          }}
        />
      )}
    </Page>
  );
}
