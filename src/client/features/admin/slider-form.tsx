import { CheckCircle2, ImagePlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { addSliderSchema } from '../../../shared/schemas/slider';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as fieldStyles from '../../components/ui/field.css';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import { trpc } from '../../trpc';
import { checkImageFile, uploadImage } from '../../components/uploads/upload-image';
import * as styles from './admin.css';
import { failure } from './failure';

/** The Add Slider form of spec sections 2 and 5: upload an image first, then add the slider. */
export function SliderForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
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
      toast.error(problem);
      event.target.value = '';
      return;
    }
    setUploading(true);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, { onProgress: setProgress });
      setImageUrl(uploaded.url);
      toast.success('Image uploaded successfully');
    } catch (error) {
      toast.error(failure('Failed to upload image', error));
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
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to add slider');
      return;
    }
    try {
      await add.mutateAsync({ ...parsed.data, title: parsed.data.title ?? undefined });
      toast.success('Slider added successfully');
      await Promise.all([utils.sliders.adminList.invalidate(), utils.sliders.listActive.invalidate(), utils.admin.stats.invalidate()]);
      onDone();
    } catch (error) {
      toast.error(failure('Failed to add slider', error));
    }
  }

  return (
    <Card as="section" aria-labelledby="add-slider-heading">
      <CardHeader id="add-slider-heading" title="Add Slider" description="Banners rotate on the browse page in display order." />
      <form onSubmit={onSubmit} noValidate className={layout.formGrid} aria-labelledby="add-slider-heading">
        <TextField label="Title" name="title" maxLength={120} placeholder="Summer sale" autoComplete="off" />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={fileId}>
            Slider Image
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
            An image file up to 5 MB; a wide banner (about 16:7) looks best.
          </span>
          {uploading && <progress className={styles.progress} value={progress} max={1} aria-label="Upload progress" />}
        </div>
        {imageUrl && (
          <div className={`${layout.fullRow} ${styles.preview}`}>
            <img src={imageUrl} alt="Preview of the uploaded slider image" className={styles.sliderImage} />
            <Badge tone="success" className={styles.previewBadge}>
              <CheckCircle2 size={12} aria-hidden="true" />
              Image uploaded
            </Badge>
          </div>
        )}
        <TextField label="Redirect URL" name="redirectUrl" placeholder="/product/example" required autoComplete="off" hint="A path like /product/example, or a full https:// link." maxLength={2000} />
        <TextField label="Display Order" name="displayOrder" type="number" inputMode="numeric" min={0} max={9999} step={1} defaultValue={0} hint="Lower numbers show first." />
        <div className={`${layout.fullRow} ${layout.row}`}>
          <Button type="submit" disabled={uploading || !imageUrl} loading={add.isPending}>
            <ImagePlus size={16} aria-hidden="true" />
            Add Slider
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
