import { Banknote, FileSpreadsheet, ReceiptText, Settings, TicketPercent, Users } from 'lucide-react';
import { Page } from '../../components/ui/page';
import { LinkCard, LinkCards } from '../../features/shop/link-card';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';

/**
 * /shop/manage, the bottom bar's "Shop": the shop's pages beyond the spec's five items (Settings, Coupons,
 * Cash, Billing, Import and export, Staff), so the phone's bar keeps Home, Products, Orders, Shop and Browse.
 */
export default function ShopManagePage() {
  const t = useT(shop);
  return (
    <Page title={t('shop.manage.title')} subtitle={t('shop.manage.subtitle')}>
      <TrialGate />
      <LinkCards label={t('shop.manage.title')}>
        <LinkCard href="/shop/settings" icon={<Settings size={22} />} title={t('shop.dashboard.settingsLink')} text={t('shop.dashboard.settingsText')} />
        <LinkCard href="/shop/coupons" icon={<TicketPercent size={22} />} title={t('shop.dashboard.couponsLink')} text={t('shop.dashboard.couponsText')} />
        <LinkCard href="/shop/cash" icon={<Banknote size={22} />} title={t('shop.dashboard.cashLink')} text={t('shop.dashboard.cashText')} />
        <LinkCard href="/shop/billing" icon={<ReceiptText size={22} />} title={t('shop.manage.billingLink')} text={t('shop.manage.billingText')} />
        <LinkCard href="/shop/products" icon={<FileSpreadsheet size={22} />} title={t('shop.manage.transferLink')} text={t('shop.manage.transferText')} />
        <LinkCard href="/shop/staff" icon={<Users size={22} />} title={t('shop.manage.staffLink')} text={t('shop.manage.staffText')} />
      </LinkCards>
    </Page>
  );
}
