import { Page } from '../components/ui/page';

export default function StorefrontPage() {
  return <Page title="Shop" subtitle="Products and reviews of this shop." />;
}
