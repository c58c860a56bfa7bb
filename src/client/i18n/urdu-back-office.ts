import { loadMessages } from '../../shared/i18n/translator';
import admin from './catalogues/ur/admin';
import billing from './catalogues/ur/billing';
import shop from './catalogues/ur/shop';
import staff from './catalogues/ur/staff';
import transfer from './catalogues/ur/transfer';

/**
 * The Urdu of the shopkeeper's and admin's screens, a chunk of its own (about 7 KB gzip) that those
 * screens load with their code on an Urdu page (routes.tsx), so a buyer's Urdu pages never carry it.
 */
export function loadUrduBackOffice(): void {
  loadMessages('ur', { ...admin, ...billing, ...shop, ...staff, ...transfer });
}
