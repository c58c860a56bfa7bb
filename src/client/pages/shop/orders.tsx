import { Page } from '../../components/ui/page';

export default function ShopOrdersPage() {
  return <Page title="Orders" subtitle="Orders placed with your shop." />;
}
