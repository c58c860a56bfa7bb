import { startTransition, useEffect, useState } from 'react';
import { SelectField } from '../../components/ui/field';
import catalog from '../../i18n/catalogues/en/catalog';
import { useT } from '../../i18n/language';
import { useRead } from '../../reads';

/**
 * /browse's shop dropdown. Its options (every public shop: 200 on the large seed) are neither in the
 * server's HTML nor in its page data, so hydration has none to match: the browser reads them once the
 * page is idle, or sooner when the dropdown is about to be used (a pointer over it, a touch, focus), and
 * puts them in as they arrive, in a transition. Closed, it shows "All Shops" as before. With a shop chosen (`?shop=`)
 * the page carries them, so the dropdown shows that shop's name from the first paint.
 */
export function ShopFilter({ value, onChange }: { value: string; onChange: (slug: string) => void }) {
  const t = useT(catalog);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(want);
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(want, 1000);
    return () => window.clearTimeout(timer);
  }, []);
  const shops = useRead('catalog.shopOptions', undefined, { enabled: wanted || value !== '', staleTime: 60_000 });
  // Put in as a transition: React makes the 200 options in slices between frames, not one long task.
  const [listed, setListed] = useState(value !== '');
  useEffect(() => {
    if (shops.data && !listed) startTransition(() => setListed(true));
  }, [shops.data, listed]);
  const options = listed ? shops.data : undefined;
  const want = () => setWanted(true);
  return (
    <SelectField label={t('catalog.browse.shopLabel')} value={value} onChange={(e) => onChange(e.target.value)} onPointerEnter={want} onPointerDown={want} onFocus={want}>
      <option value="">{t('catalog.browse.allShops')}</option>
      {options?.map((s) => (
        <option key={s.id} value={s.slug} dir="auto">
          {s.name}
        </option>
      ))}
      {value && options && !options.some((s) => s.slug === value) && <option value={value}>{value}</option>}
    </SelectField>
  );
}
