import { useState } from 'react';
import { Download, FileText, Upload } from 'lucide-react';
import { templateMeta, type ContractTemplate, type TemplateMeta } from '@12yards/api';
import { Badge, Button } from '@12yards/ui';
import { formatDate } from '../lib/format';
import { usePagedList } from '../lib/pages';
import { useListFilters } from '../components/ListFilters';
import { useResourceDelete } from '../kit/resource';
import { ResourceList } from '../kit/ResourceList';
import { ResourceCard, RowActions } from '../kit/ResourceCard';
import { ResourceDialog, type FormResource } from '../kit/ResourceDialog';
import { TextField } from '../kit/fields';
import { TEMPLATES_KEY } from './templates/keys';
import { UploadTemplateDialog, emptyMeta } from './templates/UploadTemplateDialog';
import { templateInUse } from './templates/in-use';

export { TEMPLATES_KEY, UploadTemplateDialog };

export const templates: FormResource<ContractTemplate, TemplateMeta, TemplateMeta> = {
  key: TEMPLATES_KEY,
  path: '/api/admin/contract-templates',
  what: 'contract template',
  name: (t) => t.name,
  history: 'contract-template',
  editMethod: 'patch',
  schema: templateMeta,
  empty: emptyMeta,
  toForm: (t) => ({ name: t.name, validFromDate: t.validFromDate.slice(0, 10) }),
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'validFromDate', label: 'Valid From' },
  ],
  conflictWhat: 'template',
  dialog: { title: ['Upload Contract', 'Edit Contract Template'], submit: ['Upload', 'Save Changes'] },
};

export function TemplatesTab() {
  const filters = useListFilters<never>(TEMPLATES_KEY);
  const list = usePagedList<ContractTemplate>(filters.key);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ContractTemplate | null>(null);
  const del = useResourceDelete(templates);
  const inUse = filters.active ? undefined : templateInUse(list.items);

  return (
    <ResourceList
      title="Contract Templates"
      description="Documents that generated contracts are based on; the newest valid one is used."
      add={{
        label: 'Upload Contract',
        onClick: () => setUploading(true),
        icon: <Upload aria-hidden="true" />,
      }}
      server={{
        list,
        filters,
        toolbar: ['Templates', 'Search templates', 'Name or file name'],
        noMatch: <>No templates match &quot;{filters.values.q}&quot;.</>,
      }}
      texts={{
        loading: 'Loading templates...',
        errorWhat: 'contract templates',
        empty: 'No contract templates',
      }}
      render={(t) => (
        <ResourceCard
          media={<FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />}
          title={<bdi>{t.name}</bdi>}
          text={
            <p className="text-sm text-muted-foreground">
              Valid from {formatDate(t.validFromDate)} · <bdi>{t.fileName}</bdi> · Uploaded{' '}
              {formatDate(t.createdAt)}
            </p>
          }
          badges={
            inUse?.id === t.id && (
              <Badge variant="success" title="New contracts are generated from this template">
                In use
              </Badge>
            )
          }
          actions={
            <RowActions
              resource={templates}
              item={t}
              del={del}
              onEdit={setEditing}
              editLabel={`Edit ${t.name}`}
              withText
              extra={
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
              }
            />
          }
        />
      )}
    >
      <UploadTemplateDialog open={uploading} onClose={() => setUploading(false)} />
      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} />
    </ResourceList>
  );
}

export function EditTemplateDialog({
  template,
  onClose,
}: {
  template: ContractTemplate | null;
  onClose: () => void;
}) {
  return (
    <ResourceDialog resource={templates} entity={template} onClose={onClose} description={template?.fileName}>
      {(form) => (
        <>
          <TextField form={form} name="name" label="Name" required />
          <TextField form={form} name="validFromDate" label="Valid From" required type="date" />
        </>
      )}
    </ResourceDialog>
  );
}
