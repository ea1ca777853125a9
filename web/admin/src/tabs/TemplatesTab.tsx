import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileText, Pencil, Upload } from 'lucide-react';
import {
  SELECT_FILE_MESSAGE,
  templateExtensions,
  templateMeta,
  type ContractTemplate,
  type TemplateMeta,
} from '@12yards/api';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FieldError,
  Input,
  Label,
  Progress,
} from '@12yards/ui';
import { toastError, toastSuccess, useAdminMutation } from '../lib/api';
import { formatDate } from '../lib/format';
import { uploadFile } from '../lib/upload';
import { failureWithReason } from '../lib/errors';
import { recheckSessionOn401, useSession } from '../lib/session';
import { Field } from '../components/Field';
import { useDenied } from '../lib/permissions';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { HistorySection } from '../components/HistorySection';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';
import { LoadMore } from '../components/LoadMore';
import { usePagedList } from '../lib/pages';
import { FilteredEmpty, SearchToolbar, useListFilters } from '../components/ListFilters';

export const TEMPLATES_KEY = ['/api/admin/contract-templates'];

export function TemplatesTab() {
  const filters = useListFilters<never>(TEMPLATES_KEY);
  const templates = usePagedList<ContractTemplate>(filters.key);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ContractTemplate | null>(null);
  const deniedDelete = useDenied('delete', '/api/admin/contract-templates/{id}');
  const remove = useAdminMutation<ContractTemplate>({
    mutationFn: (write, t) =>
      write('DELETE', `/api/admin/contract-templates/${t.id}`, undefined, { version: t.version }),
    invalidate: [TEMPLATES_KEY],
    success: 'Contract template deleted successfully',
    failure: 'Failed to delete contract template',
  });

  return (
    <section>
      <TabHeader
        title="Contract Templates"
        description="Documents that generated contracts are based on; the newest valid one is used."
      >
        <Button onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" />
          Upload Contract
        </Button>
      </TabHeader>
      <SearchToolbar label="Templates" placeholder="Name or file name" filters={filters} />
      {templates.isPending ? (
        <Loading text="Loading templates..." />
      ) : templates.isError ? (
        <LoadError
          what="contract templates"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.items.length === 0 ? (
        filters.active ? (
          <FilteredEmpty onClear={filters.clear}>
            No templates match &quot;{filters.values.q}&quot;.
          </FilteredEmpty>
        ) : (
          <Empty>No contract templates</Empty>
        )
      ) : (
        <>
          <ul className="grid gap-3">
            {templates.items.map((t) => (
              <li key={t.id}>
                <Card>
                  <CardContent className="flex flex-wrap items-center gap-4 p-4">
                    <FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">
                        <bdi>{t.name}</bdi>
                      </h3>
                      <p className="text-sm text-muted-foreground">
                        Valid from {formatDate(t.validFromDate)} · <bdi>{t.fileName}</bdi> · Uploaded{' '}
                        {formatDate(t.createdAt)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" asChild>
                        <a
                          href={`/api/admin/contract-templates/${t.id}/download`}
                          download={t.fileName}
                          aria-label={`Download ${t.name}`}
                        >
                          <Download aria-hidden="true" />
                          Download
                        </a>
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(t)}
                        aria-label={`Edit ${t.name}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <ConfirmDelete
                        what="contract template"
                        name={t.name}
                        onConfirm={() => remove.mutate(t)}
                        denied={deniedDelete}
                        withText
                      />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={templates} />
        </>
      )}
      <UploadTemplateDialog open={uploading} onClose={() => setUploading(false)} />
      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

const emptyMeta: TemplateMeta = { name: '', validFromDate: '' };

export function UploadTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<TemplateMeta>({
    resolver: zodResolver(templateMeta),
    defaultValues: emptyMeta,
  });
  const { errors } = formState;
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
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Contract</DialogTitle>
          <DialogDescription>
            A .doc, .docx or .pdf file with its name and the date it is valid from.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(send)} className="grid gap-4">
          <Field label="Name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </Field>
          <Field label="Valid From" required error={errors.validFromDate?.message}>
            <Input type="date" {...register('validFromDate')} />
          </Field>
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
              className="block w-full text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary-foreground"
            />
            <FieldError>{fileError}</FieldError>
          </div>
          {progress !== null && (
            <div className="grid gap-1">
              <Progress value={progress} aria-label="Upload progress" />
              <p className="text-xs text-muted-foreground">Uploading... {progress}%</p>
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={progress !== null}>
              {progress !== null ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function EditTemplateDialog({
  template,
  onClose,
}: {
  template: ContractTemplate | null;
  onClose: () => void;
}) {
  const { register, handleSubmit, reset, formState } = useForm<TemplateMeta>({
    resolver: zodResolver(templateMeta),
    defaultValues: emptyMeta,
  });
  const { errors } = formState;
  useEffect(() => {
    if (template) reset({ name: template.name, validFromDate: template.validFromDate.slice(0, 10) });
  }, [template, reset]);
  const save = useAdminMutation<TemplateMeta>({
    mutationFn: (write, body) =>
      write('PATCH', `/api/admin/contract-templates/${template!.id}`, body, { version: template!.version }),
    invalidate: [TEMPLATES_KEY],
    success: 'Contract template updated successfully',
    failure: 'Failed to update contract template',
    onSuccess: onClose,
  });
  return (
    <Dialog open={template !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Contract Template</DialogTitle>
          <DialogDescription>{template?.fileName}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))} className="grid gap-4">
          <Field label="Name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </Field>
          <Field label="Valid From" required error={errors.validFromDate?.message}>
            <Input type="date" {...register('validFromDate')} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
        {template && <HistorySection entityType="contract-template" id={template.id} name={template.name} />}
      </DialogContent>
    </Dialog>
  );
}
