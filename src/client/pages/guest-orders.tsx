import { Page } from '../components/ui/page';

export default function GuestOrdersPage() {
  return <Page title="Track Your Orders" subtitle="Find an order by email or order number." />;
}
