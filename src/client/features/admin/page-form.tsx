import { ArrowLeft, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { localizeMessage } from '../../../shared/i18n/translator';
import { type PageInput, pageSchema } from '../../../shared/schemas/pages';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { Switch, TextAreaField, TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { useReads } from '../../reads';
import { directional } from '../../styles/direction.css';
import { trpc } from '../../trpc';
import { failure } from './failure';

type SavedPage = inferRouterOutputs<AppRouter>['pages']['get'];
type Field = keyof PageInput;
type Values = Required<PageInput>;

const EMPTY_PAGE: Values = { title: '', address: '', text: '', titleUr: '', textUr: '', showInFooter: true, published: false };

/** The server's messages by field (trpc/init.ts's fieldErrors), when its refusal names them. */
function serverFieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data;
  return data?.fieldErrors ?? {};
}

/**
 * A page of /admin/pages (issue 47), new or saved: its title, address, Markdown text, the optional
 * Urdu title and text, "Show in footer" and "Published". Each refusal is shown by its field, as the
 * server refuses it (a duplicate address only the server knows).
 */
export function PageForm({ page, onDone }: { page: SavedPage | null; onDone: () => void }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const utils = trpc.useUtils();
  const create = trpc.pages.create.useMutation();
  const update = trpc.pages.update.useMutation();
  const [values, setValues] = useState<Values>(page ? { title: page.title, address: page.address, text: page.text, titleUr: page.titleUr, textUr: page.textUr, showInFooter: page.showInFooter, published: page.published } : EMPTY_PAGE);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const toggle = (field: 'showInFooter' | 'published') => (event: { target: { checked: boolean } }) => setValues((v) => ({ ...v, [field]: event.target.checked }));
  const address = values.address.trim().toLowerCase() || '…';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = pageSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (page) await update.mutateAsync({ id: page.id, ...values });
      else await create.mutateAsync(values);
      await Promise.all([utils.pages.list.invalidate(), reads.invalidate('pages.')]);
      toast.success(t('admin.pages.saved'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(failure(t('admin.pages.failed'), error, language));
    }
  }

  const heading = page ? t('admin.pages.editTitle') : t('admin.pages.new');
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="page-form-title">
      <div className={layout.stack}>
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            <ArrowLeft size={16} className={directional} aria-hidden="true" />
            {t('admin.pages.back')}
          </Button>
        </div>
        <Card as="section" aria-labelledby="page-form-title">
          <CardHeader id="page-form-title" title={heading} />
          <div className={layout.formGrid}>
            <TextField label={t('admin.pages.fieldTitle')} name="title" value={values.title} onChange={set('title')} error={errors.title} required maxLength={200} dir="auto" autoComplete="off" />
            <TextField
              label={t('admin.pages.fieldAddress')}
              name="address"
              value={values.address}
              onChange={set('address')}
              error={errors.address}
              hint={t('admin.pages.addressHint', { path: `/p/${address}` })}
              required
              maxLength={100}
              dir="ltr"
              spellCheck={false}
              autoCapitalize="none"
              autoComplete="off"
            />
            <div className={layout.fullRow}>
              <TextAreaField label={t('admin.pages.fieldText')} name="text" value={values.text} onChange={set('text')} error={errors.text} hint={t('admin.pages.textHint')} required rows={14} dir="auto" />
            </div>
            <div className={layout.fullRow}>
              <Switch label={t('admin.pages.showInFooter')} name="showInFooter" checked={values.showInFooter} onChange={toggle('showInFooter')} />
              <Switch label={t('admin.pages.fieldPublished')} name="published" checked={values.published} onChange={toggle('published')} />
            </div>
          </div>
        </Card>
        <Card as="section" aria-labelledby="page-form-urdu">
          <CardHeader id="page-form-urdu" title={t('admin.pages.urdu')} description={t('admin.pages.urduHint')} />
          <div className={layout.formGrid}>
            <div className={layout.fullRow}>
              <TextField label={t('admin.pages.fieldTitleUr')} name="titleUr" value={values.titleUr} onChange={set('titleUr')} error={errors.titleUr} maxLength={200} dir="rtl" lang="ur" autoComplete="off" />
            </div>
            <div className={layout.fullRow}>
              <TextAreaField label={t('admin.pages.fieldTextUr')} name="textUr" value={values.textUr} onChange={set('textUr')} error={errors.textUr} rows={10} dir="rtl" lang="ur" />
            </div>
          </div>
        </Card>
        <div className={layout.row}>
          <Button type="submit" loading={create.isPending || update.isPending}>
            <Save size={16} aria-hidden="true" />
            {t('admin.pages.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
