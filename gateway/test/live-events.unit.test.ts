import type { IntegrationEvent } from '@12yards/api/src/events';
import { toLive } from '../src/live-events';

const event = (type: string, data: Record<string, unknown>) =>
  ({ type, version: 1, data }) as IntegrationEvent;

describe('what an admin is told of each integration event', () => {
  // [type, data, what the admin is told: kind, entity type, entity id]
  it.each<[string, Record<string, unknown>, string]>([
    ['ContractCreated', { contractId: 'c1', partnerId: 'p1' }, 'contract-created contract c1'],
    ['ContractEnded', { contractId: 'c1', partnerId: 'p1' }, 'contract-changed contract c1'],
    ['ServiceStatusChanged', { serviceId: 's1', status: 'down' }, 'status-changed service-status s1'],
    ['FaqChanged', { faqId: 'f1' }, 'content-changed faq f1'],
    ['NewsArticleWentLive', { articleId: 'n1', publishDate: '2026-12-01' }, 'content-changed news n1'],
    ['ContentItemTrashed', { entityType: 'faq', id: 'f1' }, 'content-changed faq f1'],
    ['ContactStatusChanged', { contactId: 'm1', status: 'read' }, 'message-changed contact m1'],
  ])('When %s %j is read, then the admin is told "%s", with no toast title', (type, data, told) => {
    const [kind, entityType, entityId] = told.split(' ');
    expect(toLive(event(type, data))).toEqual({ kind, entityType, entityId });
  });

  it('When a partner applies as an influencer (no organisation), then the toast names them by the name they are known as', () => {
    const data = { partnerId: 'p1', name: 'Kim Park', organization: null, knownAs: 'KimKicks' };
    expect(toLive(event('PartnerApplicationSubmitted', data))?.title).toBe('New application from KimKicks');
  });

  it('When a contract document is generated, then the admin is told document-generated for the contract, with a title', () => {
    const data = { contractId: 'c1', partnerId: 'p1', fileName: 'contract-c1.docx' };
    expect(toLive(event('ContractDocumentGenerated', data))).toEqual({
      kind: 'document-generated',
      entityType: 'contract',
      entityId: 'c1',
      title: 'Contract document generated',
    });
  });

  it('When an event type has no entry, then nothing is pushed', () => {
    expect(toLive(event('SomethingElse', {}))).toBeNull();
  });
});
