import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { brandVariables, isHexColour, MIN_CONTRAST, whiteTextContrast } from '../../../shared/contrast';
import { formatNumber } from '../../../shared/i18n/numbers';
import { localizeMessage } from '../../../shared/i18n/translator';
import { type MarketplaceSettingsInput, marketplaceSettingsSchema } from '../../../shared/schemas/settings';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';
import * as styles from './admin.css';
import { failure } from './failure';

type Settings = inferRouterOutputs<AppRouter>['settings']['get'];
type Field = keyof MarketplaceSettingsInput;

/** The server's messages by field (trpc/init.ts's fieldErrors), when its refusal names them. */
function serverFieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data;
  return data?.fieldErrors ?? {};
}

/**
 * The "Marketplace" section of /admin/settings (issue 47): the marketplace's name, short name,
 * tagline, brand colour (refused below AA's contrast under white text, as the server refuses it),
 * support WhatsApp, contact email and country code. Each refusal is shown by its field.
 */
export function MarketplaceSettingsForm({ settings }: { settings: Settings }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation();
  const [values, setValues] = useState<Settings>(settings);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // A field's message goes as soon as it is changed.
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const colour = values.brandColour.trim().toLowerCase();
  const ratio = isHexColour(colour) ? whiteTextContrast(colour) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = marketplaceSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(values);
      setValues(saved);
      utils.settings.get.setData(undefined, saved);
      // This page shows the new colour at once (every page loaded from now on has it in its head).
      for (const [name, value] of Object.entries(brandVariables(saved.brandColour))) document.documentElement.style.setProperty(name, value);
      // Every surface of this page reads the identity again: the top bar, the title, the colour.
      await reads.invalidate('settings.site');
      toast.success(t('admin.settings.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(failure(t('admin.settings.failed'), error, language));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="settings-marketplace">
      <Card as="section" aria-labelledby="settings-marketplace">
        <CardHeader id="settings-marketplace" title={t('admin.settings.marketplace')} description={t('admin.settings.marketplaceDescription')} />
        <div className={layout.formGrid}>
          <TextField label={t('admin.settings.name')} name="name" value={values.name} onChange={set('name')} error={errors.name} required maxLength={60} dir="auto" autoComplete="off" />
          <TextField
            label={t('admin.settings.shortName')}
            name="shortName"
            value={values.shortName}
            onChange={set('shortName')}
            error={errors.shortName}
            hint={t('admin.settings.shortNameHint')}
            maxLength={30}
            dir="auto"
            autoComplete="off"
          />
          <TextField
            label={t('admin.settings.tagline')}
            name="tagline"
            value={values.tagline}
            onChange={set('tagline')}
            error={errors.tagline}
            hint={t('admin.settings.taglineHint')}
            maxLength={120}
            dir="auto"
            autoComplete="off"
          />
          <div className={styles.colourRow}>
            <TextField
              label={t('admin.settings.brandColour')}
              name="brandColour"
              value={values.brandColour}
              onChange={set('brandColour')}
              error={errors.brandColour}
              hint={ratio === null ? t('admin.settings.brandColourHint') : t('admin.settings.contrast', { ratio: formatNumber(ratio, language), min: formatNumber(MIN_CONTRAST, language) })}
              required
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
            />
            <input
              type="color"
              className={styles.colourPicker}
              aria-label={t('admin.settings.pickColour')}
              value={isHexColour(colour) ? colour : '#000000'}
              onChange={set('brandColour')}
            />
            <span className={styles.colourSample} style={isHexColour(colour) ? { background: colour } : undefined} aria-hidden="true">
              Aa
            </span>
          </div>
          <TextField
            label={t('admin.settings.supportWhatsapp')}
            name="supportWhatsapp"
            type="tel"
            inputMode="tel"
            value={values.supportWhatsapp}
            onChange={set('supportWhatsapp')}
            error={errors.supportWhatsapp}
            hint={t('admin.settings.supportWhatsappHint')}
            dir="ltr"
            autoComplete="off"
          />
          <TextField
            label={t('admin.settings.contactEmail')}
            name="contactEmail"
            type="email"
            value={values.contactEmail}
            onChange={set('contactEmail')}
            error={errors.contactEmail}
            dir="ltr"
            autoComplete="off"
          />
          <TextField
            label={t('admin.settings.countryCode')}
            name="countryCode"
            inputMode="numeric"
            value={values.countryCode}
            onChange={set('countryCode')}
            error={errors.countryCode}
            hint={t('admin.settings.countryCodeHint')}
            required
            maxLength={4}
            dir="ltr"
            autoComplete="off"
          />
          <div className={`${layout.fullRow} ${layout.row}`}>
            <Button type="submit" loading={save.isPending}>
              <Save size={16} aria-hidden="true" />
              {t('admin.settings.save')}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
