import { NotFound, fold } from '@12yards/platform';
import { contractTemplateDecider, decide } from '../src/template/decide';
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

describe('contract template decide/evolve', () => {
  it('Given nothing, when a template is uploaded, then ContractTemplateUploaded records the file', () => {
    expect(decide({ type: 'UploadTemplate', file, at }, contractTemplateDecider.initialState())).toEqual([
      uploaded,
    ]);
  });

  it('Given a template, when its name changes, then the event carries both values; the same values decide nothing', () => {
    const state = fold(contractTemplateDecider, [uploaded]);
    expect(decide({ type: 'ChangeTemplate', id: 't1', name: 'Standard', at }, state)).toEqual([
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
    expect(decide({ type: 'ChangeTemplate', id: 't1', validFromDate: '2026-01-01', at }, state)).toEqual([]);
  });

  it('Given a deleted template, when it is changed or deleted again, then it is a 404', () => {
    const deleted = decide(
      { type: 'DeleteTemplate', id: 't1', at },
      fold(contractTemplateDecider, [uploaded]),
    );
    expect(deleted).toEqual([
      {
        type: 'ContractTemplateDeleted',
        data: { templateId: 't1', objectKey: file.objectKey, deletedAt: at.toISOString() },
      },
    ]);
    const state = fold(contractTemplateDecider, [uploaded, ...deleted]);
    expect(() => decide({ type: 'DeleteTemplate', id: 't1', at }, state)).toThrow(NotFound);
    expect(() => decide({ type: 'ChangeTemplate', id: 't1', name: 'x', at }, state)).toThrow(NotFound);
  });
});
