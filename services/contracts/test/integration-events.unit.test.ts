import { contractsIntegrationEvents } from '../src/integration-events';
import { consumerReading, storedEvent } from '@12yards/platform/testing';

const read = consumerReading('contracts', contractsIntegrationEvents, 'contract-c1');

describe('the contracts topic', () => {
  it.each([
    [
      'ContractCreated',
      { contractId: 'c1', partnerId: 'p1', companyName: 'Riverside FC Ltd', createdAt: '' },
    ],
    ['ContractReactivated', { contractId: 'c1', partnerId: 'p1', endDate: '2027-01-01', reactivatedAt: '' }],
    ['ContractEnded', { contractId: 'c1', partnerId: 'p1', endDate: '2026-01-01', endedAt: '' }],
    ['ContractDeleted', { contractId: 'c1', partnerId: 'p1', wasActive: true, deletedAt: '' }],
  ])('When %s, then partners reads the contract and its partner only', (type, data) => {
    expect(read(type, data)).toEqual({
      ok: true,
      event: { type, version: 1, data: { contractId: 'c1', partnerId: 'p1' } },
    });
  });

  it('When a document is generated, then the topic carries the contract, its partner and the file name only', () => {
    const published = { contractId: 'c1', partnerId: 'p1', fileName: 'contract-c1.docx' };
    const internal = { templateId: 't1', jobId: 'job-1', generatedAt: '2026-11-24T12:00:00.000Z' };
    expect(read('ContractDocumentGenerated', { ...published, ...internal })).toEqual({
      ok: true,
      event: { type: 'ContractDocumentGenerated', version: 1, data: published },
    });
  });

  it('When a contract is edited, or a template or the partner view changes, then nothing is published', () => {
    expect(read('ContractUpdated', { contractId: 'c1', partnerId: 'p1' })).toBeNull();
    expect(read('ContractTemplateUploaded', { id: 't1' })).toBeNull();
    expect(read('PartnerRecorded', { partner: { id: 'p1' } })).toBeNull();
  });

  it('When a mapping would publish something its schema refuses, then it throws before it leaves', () => {
    expect(() => contractsIntegrationEvents(storedEvent('ContractCreated', { contractId: 'c1' }))).toThrow(
      /partnerId/,
    );
  });
});
