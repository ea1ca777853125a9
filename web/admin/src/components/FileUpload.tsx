import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Label, Progress } from '@12yards/ui';
import { imageMimeTypes, type UploadResult } from '@12yards/api';
import { uploadFile } from '../lib/upload';
import { recheckSessionOn401, useSession } from '../lib/session';
import { toastError } from '../lib/api';
import { failureWithReason } from '../lib/errors';

/** The picker offers only the images the server takes (PNG, JPEG, WebP, GIF, AVIF). */
export const IMAGE_ACCEPT = imageMimeTypes.join(',');

interface FileUploadProps {
  label: string;
  /** POST target: /api/upload (news images) or /api/admin/upload. */
  url: string;
  accept?: string;
  /** The 'Error' toast text when the upload fails. */
  failure: string;
  onUploaded: (result: UploadResult, file: File) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Picks a file and uploads it at once, with a progress bar while the body is sent. */
export function FileUpload({ label, url, accept, failure, onUploaded, onUploadingChange }: FileUploadProps) {
  const id = useId();
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  async function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const result = await uploadFile<UploadResult>(url, file, { csrfToken, onProgress: setProgress });
      onUploaded(result, file);
    } catch (err) {
      toastError(failureWithReason(failure, err));
      recheckSessionOn401(queryClient, err);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
      e.target.value = '';
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={onChange}
        disabled={progress !== null}
        className="block w-full text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary-foreground"
      />
      {progress !== null && (
        <div className="grid gap-1">
          <Progress value={progress} aria-label="Upload progress" />
          <p className="text-xs text-muted-foreground">Uploading... {progress}%</p>
        </div>
      )}
    </div>
  );
}
