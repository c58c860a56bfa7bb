import { Page } from '../components/ui/page';

export default function BrowsePage() {
  return <Page title="Discover" subtitle="Products from every shop." />;
}
