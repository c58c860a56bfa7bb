import { Page } from '../../components/ui/page';

export default function AdminSlidersPage() {
  return <Page title="Sliders" subtitle="Homepage banners." />;
}
