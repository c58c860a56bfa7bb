import { Page } from '../../components/ui/page';

export default function ShopDashboardPage() {
  return <Page title="Dashboard" subtitle="Your shop at a glance." />;
}
