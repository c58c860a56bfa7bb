import { Page } from '../../components/ui/page';

export default function AdminShopsPage() {
  return <Page title="Shops" subtitle="Activate, deactivate or delete shops." />;
}
