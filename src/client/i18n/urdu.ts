import { SHARED_URDU } from '../../shared/i18n/catalogues/urdu';
import errors from '../../shared/i18n/catalogues/en/errors';
import { createLocalizer } from '../../shared/i18n/server-messages';
import { loadMessages, setLocalizer } from '../../shared/i18n/translator';
import '../styles/urdu-font';
import account from './catalogues/ur/account';
import auth from './catalogues/ur/auth';
import cart from './catalogues/ur/cart';
import catalog from './catalogues/ur/catalog';
import common from './catalogues/ur/common';
import dialogs from './catalogues/ur/dialogs';
import orders from './catalogues/ur/orders';
import product from './catalogues/ur/product';
import saved from './catalogues/ur/saved';
import follows from './catalogues/ur/follows';
import shops from './catalogues/ur/shops';

/**
 * Urdu, as one chunk only Urdu pages load (language.tsx): the translations of every screen a buyer or a
 * guest sees, its font, and the English of the server's messages, to say the schemas' messages the
 * browser checks itself in Urdu. The shopkeeper's and admin's screens bring theirs (urdu-back-office.ts).
 */
export async function loadUrdu(): Promise<void> {
  loadMessages('ur', { ...SHARED_URDU, ...account, ...auth, ...cart, ...catalog, ...common, ...dialogs, ...follows, ...orders, ...product, ...saved, ...shops });
  setLocalizer('ur', createLocalizer('ur', errors));
}
