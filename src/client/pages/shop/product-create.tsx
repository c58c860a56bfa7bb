import { Page } from '../../components/ui/page';

export default function ProductCreatePage() {
  return <Page title="Add Product" subtitle="Add a new product to your shop." />;
}
