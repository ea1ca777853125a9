import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Label, Progress, cn } from '@12yards/ui';
import { imageMimeTypes, type UploadResult } from '@12yards/api';
import { MEDIA_KEY, uploadFile } from '../lib/upload';
import { recheckSessionOn401, useSession } from '../lib/session';
import { toastError } from '../lib/api';
import { failureWithReason } from '../lib/errors';

/** The picker offers only the images the server takes (PNG, JPEG, WebP, GIF, AVIF). */
export const IMAGE_ACCEPT = imageMimeTypes.join(',');

interface FileUploadProps {
  label: string;
  /** POST target: /api/upload (news images) or /api/admin/upload. */
  url: string;
  /** The types the picker offers and a drop may bring (default: the images the server takes). */
  accept?: string;
  /** The 'Error' toast text when the upload fails (default 'Failed to upload image'). */
  failure?: string;
  onUploaded: (result: UploadResult, file: File) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Why a file the picker or a drop offers is refused before it is sent, or null: its type is not among `accept`. */
export function refusedType(file: File, accept: string | undefined): string | null {
  if (!accept) return null;
  const allowed = accept.split(',').map((t) => t.trim());
  if (allowed.includes(file.type)) return null;
  const kind = file.type || (file.name.includes('.') ? `.${file.name.split('.').pop()}` : 'unknown type');
  return `${file.name} is ${kind}: only PNG, JPEG, WebP, GIF and AVIF images can be uploaded`;
}

/**
 * Picks a file (or takes one dropped on it) and uploads it at once, with a progress bar while the body is sent. A
 * file of a type the server does not take is refused here, saying why; the server's own refusals (too large, not
 * readable) say why too.
 */
export function FileUpload({
  label,
  url,
  accept = IMAGE_ACCEPT,
  failure = 'Failed to upload image',
  onUploaded,
  onUploadingChange,
}: FileUploadProps) {
  const id = useId();
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [over, setOver] = useState(false);

  async function send(file: File) {
    const refused = refusedType(file, accept);
    if (refused) {
      toastError(`${failure}. ${refused}`);
      return;
    }
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const result = await uploadFile<UploadResult>(url, file, { csrfToken, onProgress: setProgress });
      onUploaded(result, file);
      // An image is in the media library once uploaded (the server adds it): the library shows it at once.
      if (accept === IMAGE_ACCEPT) void queryClient.invalidateQueries({ queryKey: MEDIA_KEY });
    } catch (err) {
      toastError(failureWithReason(failure, err));
      recheckSessionOn401(queryClient, err);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  }

  return (
    <div
      className={cn(
        'grid gap-1.5 rounded-lg border border-dashed border-border p-3',
        over && 'border-primary bg-primary/5',
      )}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files?.[0];
        if (file && progress === null) void send(file);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
        disabled={progress !== null}
        className={FILE_INPUT_CLASS}
      />
      <p className="text-xs text-muted-foreground">Choose a file or drop it here.</p>
      {progress !== null && <UploadProgress percent={progress} />}
    </div>
  );
}

/** The look of a file picker's button. */
export const FILE_INPUT_CLASS =
  'block w-full text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary-foreground';

/** How much of a file is sent. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="grid gap-1">
      <Progress value={percent} aria-label="Upload progress" />
      <p className="text-xs text-muted-foreground">Uploading... {percent}%</p>
    </div>
  );
}
