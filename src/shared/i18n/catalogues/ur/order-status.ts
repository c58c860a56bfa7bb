import type { Translations } from '../../translator';
import type en from '../en/order-status';

export default {
} satisfies Translations<typeof en>;
