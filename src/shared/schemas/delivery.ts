import { z } from 'zod';
import { type DeliveryRule, MAX_CITY_RATES, MAX_DELIVERY_MINOR } from '../delivery';
import { cityKey } from '../pakistan-cities';
import { formatMoney, parseMajorToMinor } from '../money';
import { typedText } from './text';

/**
 * The Delivery section of /shop/settings, shared by the form and the server. Amounts are typed in
 * major units of the shop's currency and leave in minor units; each refusal names its field
 * (`fee`, `freeFrom`, `cities.<row>.city`, `cities.<row>.fee`), so the form shows it under that field.
 */

const MAX_CITY_LENGTH = 100;

export const deliveryFormSchema = z.object({
  fee: z.string().max(40),
  freeFrom: z.string().max(40),
  cities: z
    .array(z.object({ city: typedText().max(MAX_CITY_LENGTH + 20), fee: z.string().max(40), noDelivery: z.boolean() }))
    .max(MAX_CITY_RATES, { error: `At most ${MAX_CITY_RATES} city rates` }),
});
export type DeliveryFormInput = z.input<typeof deliveryFormSchema>;

/** The form read in the shop's currency. */
export const deliveryRuleSchema = (currency: string) =>
  deliveryFormSchema.transform((input, ctx): DeliveryRule => {
    const fail = (message: string, path: Array<string | number>) => ctx.addIssue({ code: 'custom', message, path });
    const highest = formatMoney(MAX_DELIVERY_MINOR, currency);
    const amountOf = (text: string, label: string, path: Array<string | number>): number | null => {
      if (text.trim() === '') {
        fail(`${label} is required`, path);
        return null;
      }
      const minor = parseMajorToMinor(text, currency);
      if (minor === null) fail(`${label} must be an amount of 0 or more, like 200`, path);
      else if (minor > MAX_DELIVERY_MINOR) fail(`${label} must be at most ${highest}`, path);
      else return minor;
      return null;
    };

    const fee = amountOf(input.fee, 'Delivery fee', ['fee']);
    let freeFrom: number | null = null;
    if (input.freeFrom.trim() !== '') {
      freeFrom = parseMajorToMinor(input.freeFrom, currency);
      if (freeFrom === null || freeFrom === 0) fail('Free delivery from must be an amount above 0, or left empty', ['freeFrom']);
      else if (freeFrom > MAX_DELIVERY_MINOR) fail(`Free delivery from must be at most ${highest}`, ['freeFrom']);
    }

    // One rate per city as checkout compares them (cityKey): "Lahore" and "لاہور", or "Pindi" and
    // "Rawalpindi", are one city, and a second rate for it is refused, naming the first.
    const seen = new Map<string, string>();
    const cities = input.cities.map((row, index) => {
      const city = row.city.normalize('NFC').trim().replace(/\s+/g, ' ');
      const key = cityKey(city);
      const first = seen.get(key);
      if (city === '' || key === '') fail('City is required', ['cities', index, 'city']);
      // Lower case can lengthen a few letters (İ): the compared form is bounded too.
      else if (city.length > MAX_CITY_LENGTH || key.length > MAX_CITY_LENGTH) fail(`City must be at most ${MAX_CITY_LENGTH} characters`, ['cities', index, 'city']);
      else if (first !== undefined && first.toLowerCase() === city.toLowerCase()) fail(`${city} already has a rate`, ['cities', index, 'city']);
      else if (first !== undefined) fail(`${city} is the same city as ${first}, which already has a rate`, ['cities', index, 'city']);
      if (first === undefined && key !== '') seen.set(key, city);
      const rowFee = row.noDelivery ? null : amountOf(row.fee, 'Fee for this city', ['cities', index, 'fee']);
      return { city, fee: rowFee, noDelivery: row.noDelivery };
    });
    return { fee: fee ?? 0, freeFrom, cities };
  });

/** The saved rule as the form shows it, in major units. */
export function deliveryRuleToForm(rule: DeliveryRule, toMajor: (minor: number) => string): DeliveryFormInput {
  return {
    fee: toMajor(rule.fee),
    freeFrom: rule.freeFrom === null ? '' : toMajor(rule.freeFrom),
    cities: rule.cities.map((r) => ({ city: r.city, fee: r.fee === null ? '' : toMajor(r.fee), noDelivery: r.noDelivery })),
  };
}
