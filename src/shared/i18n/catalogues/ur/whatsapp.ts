import type { Translations } from '../../translator';
import type en from '../en/whatsapp';

export default {
} satisfies Translations<typeof en>;
