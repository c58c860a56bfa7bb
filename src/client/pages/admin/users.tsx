import { Page } from '../../components/ui/page';

export default function AdminUsersPage() {
  return <Page title="Users" subtitle="Accounts, roles and pro status." />;
}
