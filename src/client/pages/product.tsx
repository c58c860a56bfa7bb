import { Page } from '../components/ui/page';

export default function ProductPage() {
  return <Page title="Product" subtitle="Product details." />;
}
