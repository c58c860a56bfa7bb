import { Page } from '../../components/ui/page';

export default function AdminProductsPage() {
  return <Page title="Products" subtitle="Activate, deactivate or delete products." />;
}
