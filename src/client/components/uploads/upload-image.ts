import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, UPLOAD_MAX_BYTES } from '../../../shared/constants';

/** The upload's own failure (no answer, or none the server explained); screens say it in their language. */
export const UPLOAD_FAILED = 'Failed to upload image';

export interface UploadedImage {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** The spec's client-side checks (section 5); the server decodes the file and checks again. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/**
 * Uploads one image to POST /api/uploads (or `endpoint`: the marketplace's logo goes to
 * /api/settings/logo, checked first by `check`). XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Rejects with the server's message.
 */
export function uploadImage<T extends { url: string } = UploadedImage>(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal; endpoint?: string; check?: (file: File) => string | null } = {},
): Promise<T> {
  const problem = (options.check ?? checkImageFile)(file);
  if (problem) return Promise.reject(new Error(problem));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.endpoint ?? '/api/uploads');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { message?: string }) | null;
      if (xhr.status === 201 && body?.url) {
        options.onProgress?.(1);
        resolve(body);
      } else {
        reject(new Error(body?.message ?? UPLOAD_FAILED));
      }
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
