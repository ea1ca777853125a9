import { CSRF_HEADER } from '@12yards/api';

/** The media library's list: every image uploaded (a news image, a screenshot, a file added there) is in it. */
export const MEDIA_KEY = ['/api/admin/media'];

export interface UploadOptions {
  csrfToken: string;
  /** Extra multipart fields sent before the file. */
  fields?: Record<string, string>;
  /** Called with 0-100 as the request body is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * Multipart POST of one file as field 'file'. XMLHttpRequest rather than fetch because only XHR reports
 * upload progress. Errors read 'STATUS: body' like apiRequest's.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  { csrfToken, fields = {}, onProgress }: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new Error(`${xhr.status}: invalid JSON answer`));
        }
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.send(form);
  });
}
