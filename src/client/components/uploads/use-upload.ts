import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFile, type UploadedImage, uploadImage } from './upload-image';

/** One upload at a time with its progress (0..1), cancelled if the screen goes away. */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(async (file: File): Promise<UploadedImage> => {
    const problem = checkImageFile(file);
    if (problem) throw new Error(problem);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      return await uploadImage(file, { onProgress: setProgress, signal: current.signal });
    } finally {
      if (controller.current === current) setProgress(null);
    }
  }, []);

  return { upload, progress, uploading: progress !== null };
}
