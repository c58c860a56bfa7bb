import { Page } from '../../components/ui/page';

export default function ShopSettingsPage() {
  return <Page title="Shop Settings" subtitle="Your shop's details and images." />;
}
