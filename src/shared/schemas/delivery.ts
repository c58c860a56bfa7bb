import { z } from 'zod';
import { cityKey, type DeliveryRule, MAX_CITY_RATES, MAX_DELIVERY_MINOR } from '../delivery';
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

    const seen = new Set<string>();
    const cities = input.cities.map((row, index) => {
      const city = row.city.normalize('NFC').trim().replace(/\s+/g, ' ');
      if (city === '') fail('City is required', ['cities', index, 'city']);
      // Lower case can lengthen a few letters (İ): the compared form is bounded too.
      else if (city.length > MAX_CITY_LENGTH || cityKey(city).length > MAX_CITY_LENGTH) fail(`City must be at most ${MAX_CITY_LENGTH} characters`, ['cities', index, 'city']);
      else if (seen.has(cityKey(city))) fail(`${city} already has a rate`, ['cities', index, 'city']);
      seen.add(cityKey(city));
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
