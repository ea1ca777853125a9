import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { contractTemplateDecider } from '../src/template/decide';
import type { ContractTemplateEvent } from '../src/template/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const file = {
  templateId: 't1',
  name: 'Standard 2026',
  validFromDate: '2026-01-01',
  fileName: 'standard.docx',
  kind: 'docx' as const,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1234,
  objectKey: 'contract-templates/t1.docx',
};
const uploaded: ContractTemplateEvent = {
  type: 'ContractTemplateUploaded',
  data: { ...file, uploadedAt: at.toISOString() },
};
const given = DeciderSpecification.for(contractTemplateDecider);

describe('contract template decide/evolve', () => {
  it('Given nothing, when a template is uploaded, then ContractTemplateUploaded records the file', () => {
    given([]).when({ type: 'UploadTemplate', file, at }).then([uploaded]);
  });

  it('Given a template, when its name changes, then the event carries both values; the same values decide nothing', () => {
    const template = given([uploaded]);
    template.when({ type: 'ChangeTemplate', id: 't1', name: 'Standard', at }).then([
      {
        type: 'ContractTemplateChanged',
        data: {
          templateId: 't1',
          name: 'Standard',
          validFromDate: '2026-01-01',
          changedAt: at.toISOString(),
        },
      },
    ]);
    template
      .when({ type: 'ChangeTemplate', id: 't1', validFromDate: '2026-01-01', at })
      .thenNothingHappened();
  });

  it('Given a deleted template, when it is changed or deleted again, then it is a 404', () => {
    const { events: deleted } = given([uploaded])
      .when({ type: 'DeleteTemplate', id: 't1', at })
      .then([
        {
          type: 'ContractTemplateDeleted',
          data: { templateId: 't1', objectKey: file.objectKey, deletedAt: at.toISOString() },
        },
      ]);
    const template = given([uploaded, ...deleted]);
    template.when({ type: 'DeleteTemplate', id: 't1', at }).thenThrows(NotFound);
    template.when({ type: 'ChangeTemplate', id: 't1', name: 'x', at }).thenThrows(NotFound);
  });
});
