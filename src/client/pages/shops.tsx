import { Page } from '../components/ui/page';

export default function ShopsPage() {
  return <Page title="All Shops" subtitle="Find a shop you like." />;
}
