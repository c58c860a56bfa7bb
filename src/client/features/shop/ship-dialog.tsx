import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { COURIER_NAME_MAX, COURIERS, OTHER_COURIER, type ShipmentInput, shipmentFields, shipmentSchema, TRACKING_NUMBER_MAX } from '../../../shared/schemas/shipment';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';

type Errors = Partial<Record<'courier' | 'courierName' | 'trackingNumber', string>>;

/**
 * The shipment of an order: a courier from the list (or another by name) and an optional tracking
 * number, checked with the server's own rule before it is sent. Used to mark an order shipped and to
 * correct a shipped order's courier. `onSave` rejects with the server's message, shown in a toast by the caller.
 */
export function ShipDialog({
  open,
  title,
  submitLabel,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  submitLabel: string;
  initial: { courier: string | null; trackingNumber: string | null };
  onSave: (shipment: ShipmentInput) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT(shop);
  const language = useLanguage();
  const formId = useId();
  const start = shipmentFields(initial.courier);
  const [courier, setCourier] = useState<string>(start.courier);
  const [courierName, setCourierName] = useState(start.courierName);
  const [trackingNumber, setTrackingNumber] = useState(initial.trackingNumber ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { courier, courierName, trackingNumber } as ShipmentInput;
    const parsed = shipmentSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(input);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {t('shop.ship.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <SelectField label={t('shop.ship.courier')} value={courier} onChange={(e) => setCourier(e.currentTarget.value)} error={errors.courier} required>
          <option value="" disabled>
            {t('shop.ship.chooseCourier')}
          </option>
          {COURIERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={OTHER_COURIER}>{t('shop.ship.other')}</option>
        </SelectField>
        {courier === OTHER_COURIER && (
          <TextField
            label={t('shop.ship.courierName')}
            value={courierName}
            onChange={(e) => setCourierName(e.currentTarget.value)}
            maxLength={COURIER_NAME_MAX}
            error={errors.courierName}
            dir="auto"
            required
          />
        )}
        <TextField
          label={t('shop.ship.trackingNumber')}
          hint={t('shop.ship.trackingHint')}
          value={trackingNumber}
          onChange={(e) => setTrackingNumber(e.currentTarget.value)}
          maxLength={TRACKING_NUMBER_MAX}
          error={errors.trackingNumber}
          autoComplete="off"
          dir="ltr"
        />
      </form>
    </Dialog>
  );
}
