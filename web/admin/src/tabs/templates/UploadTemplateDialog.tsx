import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SELECT_FILE_MESSAGE, templateExtensions, templateMeta, type TemplateMeta } from '@12yards/api';
import { FieldError, Label } from '@12yards/ui';
import { toastError, toastSuccess } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { failureWithReason } from '../../lib/errors';
import { recheckSessionOn401, useSession } from '../../lib/session';
import { FILE_INPUT_CLASS, UploadProgress } from '../../components/FileUpload';
import { FormDialog } from '../../kit/FormDialog';
import { TextField } from '../../kit/fields';
import { TEMPLATES_KEY } from './keys';

export const emptyMeta: TemplateMeta = { name: '', validFromDate: '' };

export function UploadTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<TemplateMeta>({ resolver: zodResolver(templateMeta), defaultValues: emptyMeta });
  const { handleSubmit, reset } = form;
  const close = () => {
    reset(emptyMeta);
    setFile(null);
    setFileError('');
    onClose();
  };

  async function send(meta: TemplateMeta) {
    if (!file) {
      setFileError(SELECT_FILE_MESSAGE);
      toastError(SELECT_FILE_MESSAGE);
      return;
    }
    setProgress(0);
    try {
      await uploadFile('/api/admin/contract-templates', file, {
        csrfToken,
        fields: meta,
        onProgress: setProgress,
      });
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toastSuccess('Contract template uploaded successfully');
      close();
    } catch (err) {
      toastError(failureWithReason('Failed to upload contract template', err));
      recheckSessionOn401(queryClient, err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Upload Contract"
      description="A .doc, .docx or .pdf file with its name and the date it is valid from."
      onSubmit={handleSubmit(send)}
      submit="Upload"
      pending={progress !== null}
      pendingText="Uploading..."
    >
      <TextField form={form} name="name" label="Name" required />
      <TextField form={form} name="validFromDate" label="Valid From" required type="date" />
      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>
          File
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </Label>
        <input
          id={fileId}
          type="file"
          accept={templateExtensions.join(',')}
          aria-invalid={fileError ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError('');
          }}
          className={FILE_INPUT_CLASS}
        />
        <FieldError>{fileError}</FieldError>
      </div>
      {progress !== null && <UploadProgress percent={progress} />}
    </FormDialog>
  );
}
