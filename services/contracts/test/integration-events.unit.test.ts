import { parseIntegrationEvent } from '@12yards/api/src/events';
import { toMessage, type StoredEvent } from '@12yards/platform';
import { contractsIntegrationEvents } from '../src/integration-events';

const stored = (type: string, data: unknown): StoredEvent => ({
  id: 'e1',
  type,
  streamId: 'contract-c1',
  version: 1,
  position: 5,
  occurredAt: '2026-11-24T09:00:00.000Z',
  data,
  meta: {},
});
const read = (type: string, data: unknown) => {
  const source = stored(type, data);
  const mapped = contractsIntegrationEvents(source);
  return mapped && parseIntegrationEvent('contracts', toMessage(source, mapped));
};

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

  it('When a contract is edited, or a template or the partner view changes, then nothing is published', () => {
    expect(read('ContractUpdated', { contractId: 'c1', partnerId: 'p1' })).toBeNull();
    expect(read('ContractTemplateUploaded', { id: 't1' })).toBeNull();
    expect(read('PartnerRecorded', { partner: { id: 'p1' } })).toBeNull();
  });

  it('When a mapping would publish something its schema refuses, then it throws before it leaves', () => {
    expect(() => contractsIntegrationEvents(stored('ContractCreated', { contractId: 'c1' }))).toThrow(
      /partnerId/,
    );
  });
});
