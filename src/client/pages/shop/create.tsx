import { Page } from '../../components/ui/page';

export default function ShopCreatePage() {
  return <Page title="Create Your Shop" subtitle="Set up your shop to start selling." />;
}
