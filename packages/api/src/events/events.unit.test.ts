import { allEventVersions, parseIntegrationEvent, SCHEMA_VERSION_META, type Producer } from './index';
import { renderCatalogue } from './catalogue';

const partner = {
  name: 'Ann Lee',
  email: 'ann@riverside.example',
  type: 'club',
  organization: 'Riverside FC',
  position: null,
  knownAs: null,
  webAddress: 'https://riverside.example',
};
/** One valid payload of every version of every event: a new event without one fails the first test. */
const samples: Record<string, unknown> = {
  'PartnerApplicationSubmitted@1': { id: 'p1', ...partner, status: 'Pending' },
  'PartnerApplicationSubmitted@2': { partnerId: 'p1', ...partner, status: 'Pending' },
  'PartnerDetailsChanged@1': { id: 'p1', ...partner },
  'PartnerDetailsChanged@2': { partnerId: 'p1', ...partner },
  'PartnerStatusChanged@1': { id: 'p1', status: 'Partner' },
  'PartnerStatusChanged@2': { partnerId: 'p1', status: 'Partner' },
  'ContactMessageReceived@1': { contactId: 'm1', name: 'Ann Lee', subject: 'Hello' },
  'ContactMessageReceived@2': { contactId: 'm1', name: 'Ann Lee' },
  'ContactStatusChanged@1': { contactId: 'm1', status: 'read' },
  'ApplicationsExpired@1': { partnerIds: ['p1', 'p2'] },
  'ContractCreated@1': { contractId: 'c1', partnerId: 'p1' },
  'ContractReactivated@1': { contractId: 'c1', partnerId: 'p1' },
  'ContractEnded@1': { contractId: 'c1', partnerId: 'p1' },
  'ContractDeleted@1': { contractId: 'c1', partnerId: 'p1' },
  'ContractDocumentGenerated@1': { contractId: 'c1', partnerId: 'p1', fileName: 'contract-c1.docx' },
  'NewsArticleChanged@1': { articleId: 'n1', imageUrl: '/media/x.png' },
  'NewsArticleDeleted@1': { articleId: 'n1' },
  'NewsArticleWentLive@1': { articleId: 'n1', publishDate: '2026-11-24T12:00:00.000Z' },
  'GalleryItemChanged@1': { itemId: 'g1', imageUrl: '/media/y.png' },
  'GalleryItemRemoved@1': { itemId: 'g1' },
  'FaqChanged@1': { faqId: 'f1' },
  'FaqDeleted@1': { faqId: 'f1' },
  'SettingChanged@1': { key: 'site_title' },
  'ContentItemTrashed@1': { entityType: 'faq', id: 'f1' },
  'ContentItemRestored@1': { entityType: 'gallery-item', id: 'g1' },
  'ServiceStatusChanged@1': { serviceId: 's1', status: 'operational' },
};
const current = allEventVersions.filter(
  (e) =>
    !allEventVersions.some((o) => o.type === e.type && o.producer === e.producer && o.version > e.version),
);
/** As a message crosses the bus: JSON, schema version in meta. */
const overTheWire = (type: string, version: number, data: unknown) =>
  JSON.parse(JSON.stringify({ type, data, meta: { [SCHEMA_VERSION_META]: version, actor: 'ops' } })) as {
    type: string;
    data: unknown;
    meta: Record<string, unknown>;
  };

describe('integration event schemas', () => {
  it('When every event version has a sample, then the catalogue and the samples agree', () => {
    expect(Object.keys(samples).sort()).toEqual(allEventVersions.map((e) => `${e.type}@${e.version}`).sort());
  });

  it.each(current.map((e) => [`${e.type} v${e.version}`, e] as const))(
    'When %s crosses the bus, then it reads back equal',
    (_name, e) => {
      const data = samples[`${e.type}@${e.version}`];
      const parsed = parseIntegrationEvent(e.producer, overTheWire(e.type, e.version, data));
      expect(parsed).toEqual({ ok: true, event: { type: e.type, version: e.version, data } });
    },
  );

  it('When a partners event of version 1 (partner named `id`, no version in meta) arrives, then it is read as version 2', () => {
    const old = {
      type: 'PartnerApplicationSubmitted',
      data: { ...samples['PartnerApplicationSubmitted@1']!, source: 'public' },
      meta: {},
    };
    expect(parseIntegrationEvent('partners', old)).toEqual({
      ok: true,
      event: {
        type: 'PartnerApplicationSubmitted',
        version: 2,
        data: samples['PartnerApplicationSubmitted@2'],
      },
    });
    expect(
      parseIntegrationEvent(
        'partners',
        overTheWire('PartnerStatusChanged', 1, { id: 'p9', status: 'Approved' }),
      ),
    ).toEqual({
      ok: true,
      event: { type: 'PartnerStatusChanged', version: 2, data: { partnerId: 'p9', status: 'Approved' } },
    });
  });

  it('When a ContactMessageReceived of version 1 (with its subject) arrives, then it is read as version 2, without the subject', () => {
    expect(
      parseIntegrationEvent(
        'partners',
        overTheWire('ContactMessageReceived', 1, samples['ContactMessageReceived@1']),
      ),
    ).toEqual({
      ok: true,
      event: { type: 'ContactMessageReceived', version: 2, data: samples['ContactMessageReceived@2'] },
    });
  });

  it('When a consumer reads an event, then it gets only the declared fields', () => {
    const parsed = parseIntegrationEvent(
      'contracts',
      overTheWire('ContractCreated', 1, {
        contractId: 'c1',
        partnerId: 'p1',
        companyName: 'Riverside FC Ltd',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      event: { type: 'ContractCreated', version: 1, data: { contractId: 'c1', partnerId: 'p1' } },
    });
  });

  it.each<[string, Producer, ReturnType<typeof overTheWire>, RegExp]>([
    [
      'a missing field',
      'contracts',
      overTheWire('ContractCreated', 1, { contractId: 'c1' }),
      /ContractCreated v1 does not parse: partnerId/,
    ],
    [
      'a wrong enum value',
      'status',
      overTheWire('ServiceStatusChanged', 1, { serviceId: 's', status: 'down' }),
      /status/,
    ],
    [
      'an unknown type',
      'contracts',
      overTheWire('ContractSigned', 1, {}),
      /unknown event type ContractSigned on topic contracts/,
    ],
    [
      'an unknown version',
      'contracts',
      overTheWire('ContractCreated', 7, samples['ContractCreated@1']),
      /unknown version 7 of ContractCreated/,
    ],
    [
      "another topic's event",
      'partners',
      overTheWire('ContractCreated', 1, samples['ContractCreated@1']),
      /unknown event type/,
    ],
    ['no data', 'content', overTheWire('FaqChanged', 1, null), /FaqChanged v1 does not parse/],
  ])('When a message has %s, then it does not parse, with the reason', (_name, topic, message, reason) => {
    const parsed = parseIntegrationEvent(topic, message);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  it('When the catalogue is rendered, then it lists every event version with its producer, consumers and fields', () => {
    const doc = renderCatalogue();
    for (const e of allEventVersions) {
      expect(doc).toContain(`- type: \`${e.type}\`, version: ${e.version}`);
      expect(doc).toContain(`- consumers: ${e.consumers.join(', ')}`);
    }
    expect(doc).toContain('| `partnerId` | string (not empty) | yes |');
  });
});
