import { Page } from '../../components/ui/page';

export default function AdminDashboardPage() {
  return <Page title="Admin Dashboard" subtitle="Moderate the marketplace." />;
}
