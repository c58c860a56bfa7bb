import { Page } from '../../components/ui/page';

export default function ProductEditPage() {
  return <Page title="Edit Product" subtitle="Change this product." />;
}
