import { ChevronRight, Images, Package, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import * as styles from '../../features/admin/admin.css';
import { directional } from '../../styles/direction.css';
import { trpc } from '../../trpc';

function StatCard({ href, label, value, icon, action }: { href: string; label: string; value: number | undefined; icon: ReactNode; action: string }) {
  return (
    <li>
      <Card padded={false} interactive>
        <Link href={href} className={styles.statLink}>
          <span className={styles.statTop}>
            <span className={styles.statLabel}>{label}</span>
            <span className={styles.statIcon} aria-hidden="true">
              {icon}
            </span>
          </span>
          <span className={styles.statValue}>{value === undefined ? <Skeleton width={56} height={28} /> : value.toLocaleString()}</span>
          <span className={styles.statHint}>
            {action}
            <ChevronRight size={14} className={directional} aria-hidden="true" />
          </span>
        </Link>
      </Card>
    </li>
  );
}

export default function AdminDashboardPage() {
  const stats = trpc.admin.stats.useQuery();
  return (
    <Page title="Admin Dashboard" subtitle="Moderate shops, products, users and homepage sliders.">
      {stats.error && (
        <p role="alert" className={styles.muted}>
          {stats.error.message}
        </p>
      )}
      <ul className={styles.statsGrid} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Marketplace totals">
        <StatCard href="/admin/shops" label="Total Shops" value={stats.data?.shops} icon={<Store size={20} />} action="Manage shops" />
        <StatCard href="/admin/products" label="Total Products" value={stats.data?.products} icon={<Package size={20} />} action="Manage products" />
        <StatCard href="/admin/users" label="Total Users" value={stats.data?.users} icon={<Users size={20} />} action="Manage users" />
        <StatCard href="/admin/sliders" label="Active Sliders" value={stats.data?.activeSliders} icon={<Images size={20} />} action="Manage sliders" />
      </ul>
    </Page>
  );
}
