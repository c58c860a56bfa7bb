import { Page } from '../../components/ui/page';

export default function ShopProductsPage() {
  return <Page title="Products" subtitle="Everything your shop sells." />;
}
