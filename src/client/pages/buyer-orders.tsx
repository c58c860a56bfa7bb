import { Page } from '../components/ui/page';

export default function BuyerOrdersPage() {
  return <Page title="My Orders" subtitle="Orders you have placed." />;
}
