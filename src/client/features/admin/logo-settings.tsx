import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { checkLogoFile, LOGO_TYPES } from '../../../shared/schemas/settings';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import * as fieldStyles from '../../components/ui/field.css';
import { useToast } from '../../components/ui/toast';
import * as uploader from '../../components/uploads/image-uploader.css';
import { UPLOAD_FAILED, uploadImage } from '../../components/uploads/upload-image';
import { UploadProgress } from '../../components/uploads/upload-progress';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { useReads } from '../../reads';
import { useSiteLogo } from '../../site';
import { trpc } from '../../trpc';
import * as styles from './logo-settings.css';
import { failure } from './failure';

/** Where the logo is sent (server: settings/logo.http.ts). */
const LOGO_ENDPOINT = '/api/settings/logo';

/**
 * The "Logo" section of /admin/settings (issue 47), saved on its own: a PNG, JPEG or WebP of at most
 * 5 MB, cropped square around its centre by the server, which makes the installed app's icons and the
 * favicon from it. A refusal is shown by the field and nothing is saved; "Remove logo" brings today's
 * icons back. The top bar, emails, packing slips, share images and JSON-LD read it from the settings.
 */
export function LogoSettings() {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const logo = useSiteLogo();
  const remove = trpc.settings.removeLogo.useMutation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    // The browser's first look; the server decodes the file and judges again.
    const problem = checkLogoFile(file);
    if (problem) {
      setError(localizeMessage(language, problem));
      return;
    }
    setError(null);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      await uploadImage<{ url: string }>(file, { endpoint: LOGO_ENDPOINT, check: checkLogoFile, onProgress: setProgress, signal: current.signal });
      // The top bar and every surface of this page read the identity again.
      await reads.invalidate('settings.site');
      toast.success(t('admin.settings.logoSaved'));
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(caught instanceof Error && caught.message !== UPLOAD_FAILED ? localizeMessage(language, caught.message) : t('admin.settings.logoFailed'));
    } finally {
      if (controller.current === current) setProgress(null);
    }
  }

  async function onRemove() {
    setError(null);
    try {
      await remove.mutateAsync();
      await reads.invalidate('settings.site');
      toast.success(t('admin.settings.logoRemoved'));
    } catch (caught) {
      toast.error(failure(t('admin.settings.logoFailed'), caught, language));
    }
  }

  const uploading = progress !== null;
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <Card as="section" aria-labelledby="settings-logo">
      <CardHeader id="settings-logo" title={t('admin.settings.logo')} description={t('admin.settings.logoDescription')} />
      <div className={uploader.row}>
        {logo ? (
          <img src={logo.url} alt={t('admin.settings.logoPreview')} className={styles.logoPreview} data-testid="logo-preview" />
        ) : (
          <div className={styles.logoPreview} aria-hidden="true">
            <ImageIcon size={28} />
          </div>
        )}
        <div className={uploader.box}>
          <div className={uploader.row}>
            <input
              id={id}
              type="file"
              accept={LOGO_TYPES.join(',')}
              className={uploader.fileInput}
              onChange={onPick}
              disabled={uploading}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            <label htmlFor={id} className={[uploader.pick, uploading ? uploader.disabled : ''].join(' ')}>
              <Upload size={16} aria-hidden="true" />
              {logo ? t('admin.settings.logoChange') : t('admin.settings.logoUpload')}
            </label>
            {logo && !uploading && (
              <Button variant="ghost" size="sm" onClick={onRemove} loading={remove.isPending}>
                <Trash2 size={16} aria-hidden="true" />
                {t('admin.settings.logoRemove')}
              </Button>
            )}
          </div>
          {uploading ? (
            <UploadProgress value={progress} label={t('admin.settings.logoUploading')} />
          ) : error ? (
            <span className={fieldStyles.error} id={`${id}-error`} role="alert">
              {error}
            </span>
          ) : (
            <span className={uploader.hint} id={`${id}-hint`}>
              {t('admin.settings.logoHint')}
            </span>
          )}
        </div>
      </div>
    </Card>
  );
}
