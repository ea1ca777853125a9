import type { SqliteReadModels, StoredEvent } from '@12yards/platform';
import { useInMemoryReadModels } from '@12yards/platform/testing';
import { actionRows, partnerActionProjection } from '../src/action/projection';
import { contactProjection, contactRows } from '../src/contact/projection';
import { partnerProjection, partnerRows } from '../src/partner/projection';
import {
  APPLICATIONS,
  insightCounters,
  partnerInsightRows,
  partnerInsightsProjection,
  statusKey,
} from '../src/insights/projection';

const at = '2026-11-22T10:00:00.000Z';
let position = 0;
const stored = (streamId: string, version: number, type: string, data: unknown): StoredEvent => ({
  id: `e-${++position}`,
  type,
  streamId,
  version,
  position,
  occurredAt: at,
  data,
  meta: {},
});

/** A partner's application, then its approval: the creation event of its stream and a later change. */
const appliedThenApproved = (id: string): [StoredEvent, StoredEvent] => [
  stored(`partner-${id}`, 1, 'PartnerApplicationSubmitted', {
    id,
    name: 'Ann Lee',
    email: 'ann@fc.example',
    type: 'club',
    organization: 'Riverside FC',
    status: 'Pending',
    source: 'public',
    at,
  }),
  stored(`partner-${id}`, 2, 'PartnerStatusChanged', {
    id,
    status: 'Approved',
    previousStatus: 'Pending',
    at,
  }),
];

describe('partners projections: revision guard on creation events', () => {
  const models = useInMemoryReadModels();

  // Each projection's creation event, replayed after a later change of the row, leaves the change in place.
  it.each([
    {
      created: 'PartnerApplicationSubmitted',
      change: 'a status change',
      projection: partnerProjection,
      row: (m: SqliteReadModels) => partnerRows(m).get('p1'),
      events: appliedThenApproved('p1'),
      kept: { status: 'Approved' },
    },
    {
      created: 'PartnerActionCreated',
      change: 'the action was completed',
      projection: partnerActionProjection,
      row: (m: SqliteReadModels) => actionRows(m).get('a1'),
      events: [
        stored('partner-action-a1', 1, 'PartnerActionCreated', {
          id: 'a1',
          partnerId: 'p1',
          actionText: 'Call back',
          dueDate: null,
          at,
        }),
        stored('partner-action-a1', 2, 'PartnerActionCompleted', {
          id: 'a1',
          partnerId: 'p1',
          completedAt: at,
        }),
      ],
      kept: { isCompleted: true, completedAt: at },
    },
    {
      created: 'ContactMessageReceived',
      change: 'the message was read',
      projection: contactProjection,
      row: (m: SqliteReadModels) => contactRows(m).get('m1'),
      events: [
        stored('contact-m1', 1, 'ContactMessageReceived', {
          id: 'm1',
          name: 'Sam',
          email: 'sam@x.co',
          subject: 'Hi',
          message: 'Hello',
          at,
        }),
        stored('contact-m1', 2, 'ContactStatusChanged', {
          id: 'm1',
          status: 'read',
          previousStatus: 'unread',
          at,
        }),
      ],
      kept: { status: 'read' },
    },
  ])('When $created is applied again after $change, then the change is kept', async (c) => {
    const [creation, change] = c.events;
    for (const e of [creation!, change!, creation!]) await c.projection.apply(e, models());
    expect(await c.row(models())).toMatchObject({ ...c.kept, version: 2 });
  });

  it('When a creation event is applied to an empty read model, then the row is created', async () => {
    await contactProjection.apply(
      stored('contact-m2', 1, 'ContactMessageReceived', {
        id: 'm2',
        name: 'Sam',
        email: 'sam@x.co',
        subject: 'Hi',
        message: 'Hello',
        at,
      }),
      models(),
    );
    expect(await contactRows(models()).get('m2')).toMatchObject({ status: 'unread', version: 1 });
  });
});

describe('partner insights projection: a first event replayed', () => {
  const models = useInMemoryReadModels();

  const [submitted, approved] = appliedThenApproved('p9');
  const counter = async (key: string) => (await insightCounters.current(models(), [key]))[key];

  it('When an application is applied twice, then it is counted once and its row made once', async () => {
    await partnerInsightsProjection.apply(submitted, models());
    await partnerInsightsProjection.apply(submitted, models());
    expect(await counter(APPLICATIONS)).toBe(1);
    expect(await counter(statusKey('club', 'Pending'))).toBe(1);
    expect(await partnerInsightRows(models()).get('p9')).toMatchObject({
      status: 'Pending',
      position: submitted.position,
    });
  });

  it('When an application is applied again after its status changed, then the row and the counts keep the change', async () => {
    for (const e of [submitted, approved, submitted]) await partnerInsightsProjection.apply(e, models());
    expect(await partnerInsightRows(models()).get('p9')).toMatchObject({
      status: 'Approved',
      position: approved.position,
    });
    expect(await counter(APPLICATIONS)).toBe(1);
    expect(await counter(statusKey('club', 'Pending'))).toBe(0);
    expect(await counter(statusKey('club', 'Approved'))).toBe(1);
  });
});
