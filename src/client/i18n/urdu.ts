import { SHARED_URDU } from '../../shared/i18n/catalogues/urdu';
import errors from '../../shared/i18n/catalogues/en/errors';
import { createLocalizer } from '../../shared/i18n/server-messages';
import { loadMessages, setLocalizer } from '../../shared/i18n/translator';
import '../styles/urdu-font';
import account from './catalogues/ur/account';
import admin from './catalogues/ur/admin';
import auth from './catalogues/ur/auth';
import cart from './catalogues/ur/cart';
import catalog from './catalogues/ur/catalog';
import common from './catalogues/ur/common';
import dialogs from './catalogues/ur/dialogs';
import orders from './catalogues/ur/orders';
import product from './catalogues/ur/product';
import shop from './catalogues/ur/shop';
import shops from './catalogues/ur/shops';

/**
 * Urdu, as one chunk only Urdu pages load (language.tsx): every translation, its font, and the English of the
 * server's messages, to say the schemas' messages the browser checks itself in Urdu.
 */
export async function loadUrdu(): Promise<void> {
  loadMessages('ur', { ...SHARED_URDU, ...account, ...admin, ...auth, ...cart, ...catalog, ...common, ...dialogs, ...orders, ...product, ...shop, ...shops });
  setLocalizer('ur', createLocalizer('ur', errors));
}
