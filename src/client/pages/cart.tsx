import { Page } from '../components/ui/page';

export default function CartPage() {
  return <Page title="Your Cart" subtitle="Review your items before checkout." />;
}
