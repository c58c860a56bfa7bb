import type { Translations } from '../../translator';
import type en from '../en/errors';

export default {
} satisfies Translations<typeof en>;
