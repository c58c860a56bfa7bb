import { CheckCircle2, ImagePlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { addSliderSchema } from '../../../shared/schemas/slider';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as fieldStyles from '../../components/ui/field.css';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import { trpc } from '../../trpc';
import { checkImageFile, UPLOAD_FAILED, uploadImage } from '../../components/uploads/upload-image';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './admin.css';
import { failure } from './failure';

/** The Add Slider form of spec sections 2 and 5: upload an image first, then add the slider. */
export function SliderForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const t = useT(admin);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const add = trpc.sliders.add.useMutation();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(localizeMessage(language, problem));
      event.target.value = '';
      return;
    }
    setUploading(true);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, { onProgress: setProgress });
      setImageUrl(uploaded.url);
      toast.success(t('admin.sliderForm.uploaded'));
    } catch (error) {
      const spec = t('admin.sliderForm.uploadFailed');
      toast.error(error instanceof Error && error.message === UPLOAD_FAILED ? spec : failure(spec, error, language));
      event.target.value = '';
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const orderText = String(form.get('displayOrder') ?? '').trim();
    const parsed = addSliderSchema.safeParse({
      title: String(form.get('title') ?? ''),
      imageUrl: imageUrl ?? '',
      redirectUrl: String(form.get('redirectUrl') ?? ''),
      displayOrder: orderText === '' ? 0 : Number(orderText),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('admin.sliderForm.failed'));
      return;
    }
    try {
      await add.mutateAsync({ ...parsed.data, title: parsed.data.title ?? undefined });
      toast.success(t('admin.sliderForm.added'));
      await Promise.all([utils.sliders.adminList.invalidate(), utils.sliders.listActive.invalidate(), utils.admin.stats.invalidate()]);
      onDone();
    } catch (error) {
      toast.error(failure(t('admin.sliderForm.failed'), error, language));
    }
  }

  return (
    <Card as="section" aria-labelledby="add-slider-heading">
      <CardHeader id="add-slider-heading" title={t('admin.sliders.add')} description={t('admin.sliderForm.description')} />
      <form onSubmit={onSubmit} noValidate className={layout.formGrid} aria-labelledby="add-slider-heading">
        <TextField label={t('admin.sliderForm.titleLabel')} name="title" maxLength={120} placeholder={t('admin.sliderForm.titlePlaceholder')} autoComplete="off" dir="auto" />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={fileId}>
            {t('admin.sliderForm.image')}
            <span className={fieldStyles.required} aria-hidden="true">
              *
            </span>
          </label>
          <input
            ref={fileInput}
            id={fileId}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            onChange={onFile}
            disabled={uploading}
            aria-required="true"
            aria-describedby={`${fileId}-hint`}
          />
          <span className={fieldStyles.hint} id={`${fileId}-hint`}>
            {t('admin.sliderForm.imageHint')}
          </span>
          {uploading && <progress className={styles.progress} value={progress} max={1} aria-label={t('admin.sliderForm.progress')} />}
        </div>
        {imageUrl && (
          <div className={`${layout.fullRow} ${styles.preview}`}>
            <img src={imageUrl} alt={t('admin.sliderForm.preview')} className={styles.sliderImage} />
            <Badge tone="success" className={styles.previewBadge}>
              <CheckCircle2 size={12} aria-hidden="true" />
              {t('admin.sliderForm.uploadedBadge')}
            </Badge>
          </div>
        )}
        <TextField
          label={t('admin.sliderForm.redirect')}
          name="redirectUrl"
          placeholder="/product/example"
          required
          autoComplete="off"
          dir="ltr"
          hint={t('admin.sliderForm.redirectHint')}
          maxLength={2000}
        />
        <TextField
          label={t('admin.sliders.displayOrder')}
          name="displayOrder"
          type="number"
          inputMode="numeric"
          min={0}
          max={9999}
          step={1}
          defaultValue={0}
          hint={t('admin.sliderForm.orderHint')}
        />
        <div className={`${layout.fullRow} ${layout.row}`}>
          <Button type="submit" disabled={uploading || !imageUrl} loading={add.isPending}>
            <ImagePlus size={16} aria-hidden="true" />
            {t('admin.sliders.add')}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
