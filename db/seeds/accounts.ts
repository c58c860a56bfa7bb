/** The known accounts of both seeds, demo and large (the README and docs/performance.md list them). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'demo-admin', fullName: 'Administrator' },
  shopkeepers: [
    { email: 'shop@demo.test', fullName: 'Sara Shopkeeper', phone: '+92 300 0000000' },
    { email: 'gadgets@demo.test', fullName: 'Demo Shopkeeper 2', phone: '+1 555 010 0000' },
    { email: 'grocer@demo.test', fullName: 'Demo Shopkeeper 3', phone: '+1 555 010 0000' },
    { email: 'books@demo.test', fullName: 'Demo Shopkeeper 4', phone: '+1 555 010 0000' },
  ],
  shopkeeperPassword: 'demo-shop',
  buyers: [
    { email: 'buyer@demo.test', fullName: 'Bilal Buyer', phone: '+92 300 0000000' },
    { email: 'ali@demo.test', fullName: 'Ali Raza', phone: '+92 300 0000001' },
    { email: 'zara@demo.test', fullName: 'Zara Ahmed', phone: '+92 300 0000001' },
  ],
  buyerPassword: 'demo-buyer',
  /** Sara's Boutique's "Orders" helper (issue 51): packs and ships, sees no cash nor settings. */
  staff: { email: 'ali.staff@demo.test', password: 'demo-staff', fullName: 'Ali', shopOwner: 'shop@demo.test', role: 'orders' },
} as const;
