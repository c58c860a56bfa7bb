/**
 * Pakistan's cities: the one list the shop's city rates and checkout's City choose from, and the
 * matcher that reads a typed city, in English or Urdu, any case and common spellings, as one of them
 * (issue 53). Its own module, loaded only by the screens that ask for a city (checkout, the cart's
 * saved city, the shop's delivery settings) and by the server: /browse does not carry it.
 *
 * Ids never change (orders keep them, orders.ship_city_id); a city's names and spellings may grow.
 * 118 cities: about the largest by the 2017 census, largest first roughly, with the capitals.
 */

export interface PakistanCity {
  /** Stable: kept on orders. */
  id: string;
  en: string;
  ur: string;
  /** Other spellings people type, in either script (the matcher also forgives case, spaces, punctuation and letter variants). */
  also?: readonly string[];
}

const city = (id: string, en: string, ur: string, ...also: string[]): PakistanCity => ({ id, en, ur, also });

export const PAKISTAN_CITIES: readonly PakistanCity[] = [
  city('karachi', 'Karachi', 'کراچی', 'Karachii', 'Krachi', 'Khi'),
  city('lahore', 'Lahore', 'لاہور', 'Lahor', 'Lhr'),
  city('faisalabad', 'Faisalabad', 'فیصل آباد', 'Lyallpur', 'Layalpur', 'لائل پور', 'Faislabad', 'Fsd'),
  city('rawalpindi', 'Rawalpindi', 'راولپنڈی', 'Pindi', 'پنڈی', 'Rwp'),
  city('gujranwala', 'Gujranwala', 'گوجرانوالہ', 'Gujranwalla', 'Gujrawala', 'گوجرانوالا'),
  city('peshawar', 'Peshawar', 'پشاور', 'Pishawar', 'Peshawer', 'Pekhawar', 'پیشاور'),
  city('multan', 'Multan', 'ملتان', 'Mooltan'),
  city('hyderabad', 'Hyderabad', 'حیدرآباد', 'Haidarabad', 'Hyderabad Sindh', 'Hyd'),
  city('islamabad', 'Islamabad', 'اسلام آباد', 'Isb', 'Islamabad Capital Territory', 'ICT'),
  city('quetta', 'Quetta', 'کوئٹہ', 'Queta', 'Kwatah', 'کویٹہ', 'کوئیٹہ'),
  city('bahawalpur', 'Bahawalpur', 'بہاولپور', 'Bahawalpoor', 'بہاول پور'),
  city('sargodha', 'Sargodha', 'سرگودھا'),
  city('sialkot', 'Sialkot', 'سیالکوٹ', 'Sailkot'),
  city('sukkur', 'Sukkur', 'سکھر', 'Sakhar'),
  city('larkana', 'Larkana', 'لاڑکانہ', 'Larkano'),
  city('sheikhupura', 'Sheikhupura', 'شیخوپورہ', 'Shekhupura', 'شیخو پورہ'),
  city('rahim-yar-khan', 'Rahim Yar Khan', 'رحیم یار خان', 'RYK', 'R.Y. Khan', 'Rahimyar Khan'),
  city('jhang', 'Jhang', 'جھنگ'),
  city('dera-ghazi-khan', 'Dera Ghazi Khan', 'ڈیرہ غازی خان', 'D.G. Khan', 'DG Khan', 'ڈی جی خان'),
  city('gujrat', 'Gujrat', 'گجرات'),
  city('sahiwal', 'Sahiwal', 'ساہیوال', 'Montgomery'),
  city('wah-cantonment', 'Wah Cantonment', 'واہ کینٹ', 'Wah Cantt', 'Wah', 'واہ'),
  city('mardan', 'Mardan', 'مردان'),
  city('kasur', 'Kasur', 'قصور', 'Qasur'),
  city('okara', 'Okara', 'اوکاڑہ', 'اوکاڑا'),
  city('mingora', 'Mingora', 'مینگورہ', 'Swat', 'سوات', 'Saidu Sharif'),
  city('nawabshah', 'Nawabshah', 'نوابشاہ', 'Shaheed Benazirabad', 'Benazirabad', 'نواب شاہ', 'شہید بینظیر آباد'),
  city('chiniot', 'Chiniot', 'چنیوٹ'),
  city('kotli', 'Kotli', 'کوٹلی'),
  city('kamoke', 'Kamoke', 'کاموکی', 'Kamoki'),
  city('hafizabad', 'Hafizabad', 'حافظ آباد'),
  city('sadiqabad', 'Sadiqabad', 'صادق آباد'),
  city('mirpur-khas', 'Mirpur Khas', 'میرپور خاص', 'Mirpurkhas'),
  city('burewala', 'Burewala', 'بورے والا', 'Burewalla', 'بوریوالا'),
  city('kohat', 'Kohat', 'کوہاٹ'),
  city('khanewal', 'Khanewal', 'خانیوال'),
  city('dera-ismail-khan', 'Dera Ismail Khan', 'ڈیرہ اسماعیل خان', 'D.I. Khan', 'DI Khan', 'ڈی آئی خان'),
  city('turbat', 'Turbat', 'تربت', 'Kech'),
  city('muzaffargarh', 'Muzaffargarh', 'مظفرگڑھ', 'Muzafargarh'),
  city('abbottabad', 'Abbottabad', 'ایبٹ آباد', 'Abbotabad', 'Abottabad'),
  city('mandi-bahauddin', 'Mandi Bahauddin', 'منڈی بہاؤالدین', 'Mandi Bahaudin', 'M.B. Din', 'منڈی بہاء الدین'),
  city('shikarpur', 'Shikarpur', 'شکارپور'),
  city('jacobabad', 'Jacobabad', 'جیکب آباد'),
  city('jhelum', 'Jhelum', 'جہلم'),
  city('khanpur', 'Khanpur', 'خانپور', 'Khan Pur'),
  city('khairpur', 'Khairpur', 'خیرپور', 'Khairpur Mirs'),
  city('khuzdar', 'Khuzdar', 'خضدار'),
  city('pakpattan', 'Pakpattan', 'پاکپتن', 'Pak Pattan'),
  city('hub', 'Hub', 'حب', 'Hub Chowki'),
  city('daska', 'Daska', 'ڈسکہ'),
  city('gojra', 'Gojra', 'گوجرہ'),
  city('dadu', 'Dadu', 'دادو'),
  city('muridke', 'Muridke', 'مریدکے'),
  city('bahawalnagar', 'Bahawalnagar', 'بہاولنگر', 'بہاول نگر'),
  city('samundri', 'Samundri', 'سمندری'),
  city('tando-allahyar', 'Tando Allahyar', 'ٹنڈو الہ یار', 'ٹنڈو اللہ یار'),
  city('tando-adam', 'Tando Adam', 'ٹنڈو آدم'),
  city('jaranwala', 'Jaranwala', 'جڑانوالہ'),
  city('chishtian', 'Chishtian', 'چشتیاں'),
  city('muzaffarabad', 'Muzaffarabad', 'مظفرآباد', 'Muzafarabad'),
  city('attock', 'Attock', 'اٹک', 'Campbellpur'),
  city('vehari', 'Vehari', 'وہاڑی'),
  city('kot-abdul-malik', 'Kot Abdul Malik', 'کوٹ عبدالمالک'),
  city('ferozwala', 'Ferozwala', 'فیروزوالا'),
  city('chakwal', 'Chakwal', 'چکوال'),
  city('kamalia', 'Kamalia', 'کمالیہ'),
  city('umerkot', 'Umerkot', 'عمرکوٹ', 'Amarkot'),
  city('ahmedpur-east', 'Ahmedpur East', 'احمد پور شرقیہ', 'Ahmadpur East', 'Ahmedpur Sharqia'),
  city('kot-addu', 'Kot Addu', 'کوٹ ادو'),
  city('wazirabad', 'Wazirabad', 'وزیرآباد'),
  city('mansehra', 'Mansehra', 'مانسہرہ'),
  city('layyah', 'Layyah', 'لیہ', 'Leiah'),
  city('mirpur', 'Mirpur', 'میرپور', 'Mirpur AJK', 'Mirpur Azad Kashmir'),
  city('swabi', 'Swabi', 'صوابی'),
  city('chaman', 'Chaman', 'چمن'),
  city('taxila', 'Taxila', 'ٹیکسلا'),
  city('nowshera', 'Nowshera', 'نوشہرہ', 'Naushera'),
  city('khushab', 'Khushab', 'خوشاب'),
  city('shahdadkot', 'Shahdadkot', 'شہدادکوٹ'),
  city('mianwali', 'Mianwali', 'میانوالی'),
  city('lodhran', 'Lodhran', 'لودھراں'),
  city('hasilpur', 'Hasilpur', 'حاصل پور'),
  city('charsadda', 'Charsadda', 'چارسدہ'),
  city('bhakkar', 'Bhakkar', 'بھکر'),
  city('badin', 'Badin', 'بدین'),
  city('arifwala', 'Arifwala', 'عارف والا', 'Arif Wala'),
  city('ghotki', 'Ghotki', 'گھوٹکی'),
  city('sambrial', 'Sambrial', 'سمبڑیال'),
  city('jatoi', 'Jatoi', 'جتوئی'),
  city('haroonabad', 'Haroonabad', 'ہارون آباد'),
  city('daharki', 'Daharki', 'ڈہرکی'),
  city('narowal', 'Narowal', 'نارووال'),
  city('tando-muhammad-khan', 'Tando Muhammad Khan', 'ٹنڈو محمد خان'),
  city('qambar', 'Qambar', 'قمبر', 'Kamber', 'Kambar'),
  city('mirpur-mathelo', 'Mirpur Mathelo', 'میرپور ماتھیلو'),
  city('kandhkot', 'Kandhkot', 'کندھکوٹ'),
  city('bhalwal', 'Bhalwal', 'بھلوال'),
  city('gilgit', 'Gilgit', 'گلگت'),
  city('skardu', 'Skardu', 'سکردو'),
  city('gwadar', 'Gwadar', 'گوادر'),
  city('sibi', 'Sibi', 'سبی'),
  city('zhob', 'Zhob', 'ژوب'),
  city('bannu', 'Bannu', 'بنوں'),
  city('jamshoro', 'Jamshoro', 'جامشورو'),
  city('thatta', 'Thatta', 'ٹھٹہ'),
  city('sanghar', 'Sanghar', 'سانگھڑ'),
  city('toba-tek-singh', 'Toba Tek Singh', 'ٹوبہ ٹیک سنگھ', 'T.T. Singh', 'TT Singh'),
  city('pattoki', 'Pattoki', 'پتوکی'),
  city('chichawatni', 'Chichawatni', 'چیچہ وطنی'),
  city('mian-channu', 'Mian Channu', 'میاں چنوں'),
  city('shakargarh', 'Shakargarh', 'شکرگڑھ'),
  city('kharian', 'Kharian', 'کھاریاں'),
  city('lalamusa', 'Lalamusa', 'لالہ موسیٰ', 'Lala Musa'),
  city('murree', 'Murree', 'مری'),
  city('haripur', 'Haripur', 'ہری پور'),
  city('dera-murad-jamali', 'Dera Murad Jamali', 'ڈیرہ مراد جمالی'),
  city('loralai', 'Loralai', 'لورالائی'),
  city('shujabad', 'Shujabad', 'شجاع آباد'),
];

// Letters Urdu and Arabic keyboards type for one another (Arabic yeh and kaf, the heh forms, teh
// marbuta), mapped to the Urdu letter; tatweel and the joiners are dropped.
const LETTER_VARIANTS: Record<string, string> = {
  '\u064A': '\u06CC', // ي → ی
  '\u0649': '\u06CC', // ى → ی
  '\u0643': '\u06A9', // ك → ک
  '\u0647': '\u06C1', // ه → ہ
  '\u06BE': '\u06C1', // ھ → ہ
  '\u06D5': '\u06C1', // ە → ہ
  '\u0629': '\u06C1', // ة → ہ
  '\u06C3': '\u06C1', // ۃ → ہ
};
const VARIANT_LETTERS = new RegExp(`[${Object.keys(LETTER_VARIANTS).join('')}]`, 'g');

/**
 * A typed city as compared: compatibility forms unfolded, diacritics (Latin accents, Urdu's zer,
 * zabar, hamza and madda marks) dropped, Arabic letter variants read as Urdu's, lower case, and
 * everything but letters and digits (spaces, dots, dashes, the Urdu comma, joiners) removed. So
 * "D.I. Khan" and "di khan", "فیصل آباد" and "فيصلآباد" compare equal.
 */
export function normalizeCity(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(VARIANT_LETTERS, (letter) => LETTER_VARIANTS[letter] ?? letter)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

let index: Map<string, PakistanCity> | null = null;
function byName(): Map<string, PakistanCity> {
  if (index) return index;
  index = new Map();
  for (const c of PAKISTAN_CITIES) {
    for (const name of [c.id, c.en, c.ur, ...(c.also ?? [])]) {
      const key = normalizeCity(name);
      // The first city keeps a spelling two cities would share (none do: the unit tests check).
      if (key && !index.has(key)) index.set(key, c);
    }
  }
  return index;
}

/** The city of the list a typed text names, in either script; null when it names none. */
export function matchCity(text: string): PakistanCity | null {
  return byName().get(normalizeCity(text)) ?? null;
}

/**
 * How a city is compared wherever a rate meets a typed city (checkout, the cart, the server, a shop's
 * rates): a listed city's id, whatever script or spelling named it ("Lahore", "لاہور" → "lahore");
 * any other city, its normalized text, so it matches the same text typed in any case. An id has a
 * dash or is a normalized name itself, so no other text can take a listed city's key.
 */
export function cityKey(text: string): string {
  return matchCity(text)?.id ?? normalizeCity(text);
}

/** A city's name in a language: its Urdu name on Urdu pages, its English one otherwise. */
export function cityName(c: PakistanCity, language: 'en' | 'ur'): string {
  return language === 'ur' ? c.ur : c.en;
}
