import { cityKey, cityName, matchCity, PAKISTAN_CITIES } from '../../../shared/pakistan-cities';
import { useLanguage } from '../../i18n/language';

/**
 * The suggestions of a City field (`<input list={id}>`): Pakistan's cities, largest first, named in
 * the page's language, each with its name in the other script as its label (a browser filters on
 * both, so "lah" and "لا" find لاہور), then `extra` names on no list (a shop's own city rates). A
 * native datalist: announced by screen readers, and offered above the keyboard on a phone; any other
 * text may still be typed. Loaded only with the screens that ask for a city (the list is 118 cities).
 */
export function CityOptions({ id, extra = [] }: { id: string; extra?: readonly string[] }) {
  const language = useLanguage();
  const other = language === 'ur' ? 'en' : 'ur';
  const seen = new Set(PAKISTAN_CITIES.map((c) => c.id));
  const unlisted: string[] = [];
  for (const name of extra) {
    const key = cityKey(name);
    if (!key || seen.has(key) || matchCity(name)) continue;
    seen.add(key);
    unlisted.push(name.trim());
  }
  return (
    <datalist id={id}>
      {PAKISTAN_CITIES.map((c) => (
        <option key={c.id} value={cityName(c, language)} label={cityName(c, other)} />
      ))}
      {unlisted.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
