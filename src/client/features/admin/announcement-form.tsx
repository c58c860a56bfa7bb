import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { localizeMessage } from '../../../shared/i18n/translator';
import { ANNOUNCEMENT_MAX, ANNOUNCEMENT_TIME_INVALID, announcementSchema } from '../../../shared/schemas/settings';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';
import { failure } from './failure';

type Saved = inferRouterOutputs<AppRouter>['settings']['announcement'];
type Field = 'text' | 'textUr' | 'link' | 'startsAt' | 'endsAt';
type Values = Record<Field, string>;

/** An instant as a datetime-local field shows it: this device's time, to the minute. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local field's value as an instant (this device's time); '' stays ''; a value it cannot read is sent as typed, for the server to refuse. */
function instantOf(local: string): string {
  if (local === '') return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

function serverFieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data;
  return data?.fieldErrors ?? {};
}

/**
 * The "Announcement" section of /admin/settings (issue 47): a line at the top of every public page,
 * in English and Urdu, with an optional link and window. An empty text clears it.
 */
export function AnnouncementForm({ announcement }: { announcement: Saved }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const utils = trpc.useUtils();
  const save = trpc.settings.saveAnnouncement.useMutation();
  const [values, setValues] = useState<Values>({ ...announcement, startsAt: localInput(announcement.startsAt), endsAt: localInput(announcement.endsAt) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { ...values, startsAt: instantOf(values.startsAt), endsAt: instantOf(values.endsAt) };
    const parsed = announcementSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= localizeMessage(language, issue.message === 'Invalid input' ? ANNOUNCEMENT_TIME_INVALID : issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      utils.settings.announcement.setData(undefined, saved);
      // This page's own bar shows the new text at once.
      await reads.invalidate('pages.shell');
      toast.success(t('admin.announcement.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(failure(t('admin.announcement.failed'), error, language));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="settings-announcement">
      <Card as="section" aria-labelledby="settings-announcement">
        <CardHeader id="settings-announcement" title={t('admin.announcement.title')} description={t('admin.announcement.description')} />
        <div className={layout.formGrid}>
          <TextField
            label={t('admin.announcement.text')}
            name="announcementText"
            value={values.text}
            onChange={set('text')}
            error={errors.text}
            hint={t('admin.announcement.textHint')}
            maxLength={ANNOUNCEMENT_MAX + 20}
            dir="auto"
            autoComplete="off"
          />
          <TextField
            label={t('admin.announcement.textUr')}
            name="announcementTextUr"
            value={values.textUr}
            onChange={set('textUr')}
            error={errors.textUr}
            hint={t('admin.announcement.textUrHint')}
            maxLength={ANNOUNCEMENT_MAX + 20}
            dir="rtl"
            lang="ur"
            autoComplete="off"
          />
          <div className={layout.fullRow}>
            <TextField label={t('admin.announcement.link')} name="announcementLink" value={values.link} onChange={set('link')} error={errors.link} hint={t('admin.announcement.linkHint')} dir="ltr" spellCheck={false} autoComplete="off" />
          </div>
          <TextField label={t('admin.announcement.startsAt')} name="announcementStartsAt" type="datetime-local" value={values.startsAt} onChange={set('startsAt')} error={errors.startsAt} hint={t('admin.announcement.windowHint')} />
          <TextField label={t('admin.announcement.endsAt')} name="announcementEndsAt" type="datetime-local" value={values.endsAt} onChange={set('endsAt')} error={errors.endsAt} />
          <div className={`${layout.fullRow} ${layout.row}`}>
            <Button type="submit" loading={save.isPending}>
              <Save size={16} aria-hidden="true" />
              {t('admin.announcement.save')}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
