import type { Translations } from '../../translator';
import type en from '../en/colors';

export default {
} satisfies Translations<typeof en>;
