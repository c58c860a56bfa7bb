import { z } from 'zod';
import { typedText } from './text';

/** The couriers a shop picks from when it ships (product-decisions 6); any other is named by the shop. */
export const COURIERS = ['TCS', 'Leopards', 'M&P', 'PostEx', 'Trax', 'Call Courier', 'BlueEx', 'Rider', 'Pakistan Post'] as const;
/** The select's choice for a courier not in the list. */
export const OTHER_COURIER = 'other';
export const COURIER_NAME_MAX = 40;
export const TRACKING_NUMBER_MAX = 40;
const TRACKING_PATTERN = /^[A-Za-z0-9-]+$/;

/**
 * A shipment as the ship dialog sends it: a listed courier, or "other" with its name, and an optional
 * tracking number of letters, digits and dashes, its spaces removed. `toShipment` turns it into what the order keeps.
 */
export const shipmentSchema = z
  .object({
    courier: z.enum([...COURIERS, OTHER_COURIER], { error: 'Choose a courier' }),
    courierName: typedText()
      .trim()
      .max(COURIER_NAME_MAX, { error: `Courier name must be at most ${COURIER_NAME_MAX} characters` })
      .optional()
      .default(''),
    // People copy a tracking number as the courier's receipt groups it ("TCS 7781 2231"): spaces go.
    trackingNumber: typedText()
      .overwrite((v) => v.replace(/\s+/g, ''))
      .max(TRACKING_NUMBER_MAX, { error: `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters` })
      .refine((v) => v === '' || TRACKING_PATTERN.test(v), { error: 'Tracking number can only have letters, digits and dashes' })
      .optional()
      .default(''),
  })
  .refine((s) => s.courier !== OTHER_COURIER || s.courierName.length > 0, { error: 'Courier name is required', path: ['courierName'] });

export type ShipmentInput = z.input<typeof shipmentSchema>;

/** What an order keeps of a shipment: the courier's name as shown, and the tracking number or null. */
export function toShipment(input: z.output<typeof shipmentSchema>): { courier: string; trackingNumber: string | null } {
  return {
    courier: input.courier === OTHER_COURIER ? input.courierName : input.courier,
    trackingNumber: input.trackingNumber === '' ? null : input.trackingNumber,
  };
}

/** The dialog's fields for a courier an order already names: a listed one, or "other" with its name. */
export function shipmentFields(courier: string | null): { courier: (typeof COURIERS)[number] | typeof OTHER_COURIER | ''; courierName: string } {
  if (courier === null) return { courier: '', courierName: '' };
  const listed = COURIERS.find((c) => c === courier);
  return listed ? { courier: listed, courierName: '' } : { courier: OTHER_COURIER, courierName: courier };
}
