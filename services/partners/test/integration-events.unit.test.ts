import { parseIntegrationEvent } from '@12yards/api/src/events';
import { toMessage, type StoredEvent } from '@12yards/platform';
import { storedEvent } from '@12yards/platform/testing';
import { partnersIntegrationEvents } from '../src/integration-events';
import { noInfluencerFields, partnerPromoted } from './helpers';

const fields = {
  id: 'p1',
  name: 'Ann Lee',
  email: 'ann@riverside.example',
  type: 'club',
  organization: 'Riverside FC',
  position: null,
  webAddress: null,
  targetMembers: '500',
  membershipType: 'paid',
  message: 'Hello',
  ...noInfluencerFields,
};
const stored = (type: string, data: unknown) =>
  storedEvent(type, data, 'partner-p1', { actor: 'ops', traceparent: '00-abc-def-01' });
/** What a consumer of the partners topic reads of an internal event (null: not published). */
const published = (type: string, data: unknown) => {
  const source = stored(type, data);
  const mapped = partnersIntegrationEvents(source);
  if (!mapped) return null;
  const message = JSON.parse(JSON.stringify(toMessage(source, mapped))) as StoredEvent;
  expect(message).toMatchObject({ id: 'e1', position: 1, meta: { traceparent: '00-abc-def-01' } });
  return parseIntegrationEvent('partners', message);
};

describe('the partners topic', () => {
  it('When a partner applies, then contracts reads its details, status and id (version 2), and nothing private', () => {
    expect(
      published('PartnerApplicationSubmitted', { ...fields, status: 'Pending', source: 'public', at: '' }),
    ).toEqual({
      ok: true,
      event: {
        type: 'PartnerApplicationSubmitted',
        version: 2,
        data: {
          partnerId: 'p1',
          name: 'Ann Lee',
          email: 'ann@riverside.example',
          type: 'club',
          organization: 'Riverside FC',
          position: null,
          knownAs: null,
          webAddress: null,
          status: 'Pending',
        },
      },
    });
  });

  it('When a partner is promoted or its status changes, then a PartnerStatusChanged is published', () => {
    const promoted = partnerPromoted({ previousStatus: 'Approved' }).data;
    const expected = {
      ok: true,
      event: { type: 'PartnerStatusChanged', version: 2, data: { partnerId: 'p1', status: 'Partner' } },
    };
    expect(published('PartnerPromoted', promoted)).toEqual(expected);
    expect(
      published('PartnerStatusChanged', { id: 'p1', status: 'Partner', previousStatus: 'Pending', at: '' }),
    ).toEqual(expected);
    expect(published('PartnerDetailsChanged', { ...fields, at: '' })).toMatchObject({
      ok: true,
      event: { type: 'PartnerDetailsChanged', data: { partnerId: 'p1', name: 'Ann Lee' } },
    });
  });

  it('When a stored application lacks optional details (written before they existed), then they are published as null and the relay goes on', () => {
    const { position: _p, knownAs: _k, webAddress: _w, organization: _o, ...older } = fields;
    expect(
      published('PartnerApplicationSubmitted', { ...older, status: 'Pending', source: 'public', at: '' }),
    ).toMatchObject({
      ok: true,
      event: {
        data: { partnerId: 'p1', organization: null, position: null, knownAs: null, webAddress: null },
      },
    });
  });

  it('When a visitor sends a message or an admin marks it, then the gateway reads its sender and status (version 2), not its subject, text or email', () => {
    const message = {
      id: 'm1',
      name: 'Ann Lee',
      email: 'ann@x.example',
      subject: 'Hi',
      message: 'Secret',
      at: '',
    };
    expect(published('ContactMessageReceived', message)).toEqual({
      ok: true,
      event: {
        type: 'ContactMessageReceived',
        version: 2,
        data: { contactId: 'm1', name: 'Ann Lee' },
      },
    });
    expect(
      published('ContactStatusChanged', { id: 'm1', status: 'read', previousStatus: 'unread', at: '' }),
    ).toEqual({
      ok: true,
      event: { type: 'ContactStatusChanged', version: 1, data: { contactId: 'm1', status: 'read' } },
    });
  });

  it('When events stay internal (actions, the lock), then nothing is published', () => {
    expect(published('PartnerContractEnded', { id: 'p1', contractId: 'c1' })).toBeNull();
    expect(published('PartnerActionCreated', { id: 'a1' })).toBeNull();
  });
});
