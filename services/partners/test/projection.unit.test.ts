import { openSqlite, SqliteReadModels, type SqliteDb, type StoredEvent } from '@12yards/platform';
import { actionRows, partnerActionProjection } from '../src/action/projection';
import { contactProjection, contactRows } from '../src/contact/projection';
import { partnerProjection, partnerRows } from '../src/partner/projection';

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

describe('partners projections: revision guard on creation events', () => {
  let db: SqliteDb;
  let models: SqliteReadModels;
  beforeEach(() => {
    db = openSqlite(':memory:');
    models = new SqliteReadModels(db);
  });
  afterEach(() => db.close());

  it('When PartnerApplicationSubmitted is applied again after a status change, then the change is kept', async () => {
    const submitted = stored('partner-p1', 1, 'PartnerApplicationSubmitted', {
      id: 'p1',
      name: 'Ann Lee',
      email: 'ann@fc.example',
      type: 'club',
      organization: 'Riverside FC',
      status: 'Pending',
      source: 'public',
      at,
    });
    const changed = stored('partner-p1', 2, 'PartnerStatusChanged', {
      id: 'p1',
      status: 'Approved',
      previousStatus: 'Pending',
      at,
    });
    for (const e of [submitted, changed, submitted]) await partnerProjection.apply(e, models);
    expect(await partnerRows(models).get('p1')).toMatchObject({ status: 'Approved', version: 2 });
  });

  it('When PartnerActionCreated is applied again after the action was completed, then it stays completed', async () => {
    const created = stored('partner-action-a1', 1, 'PartnerActionCreated', {
      id: 'a1',
      partnerId: 'p1',
      actionText: 'Call back',
      dueDate: null,
      at,
    });
    const completed = stored('partner-action-a1', 2, 'PartnerActionCompleted', {
      id: 'a1',
      partnerId: 'p1',
      completedAt: at,
    });
    for (const e of [created, completed, created]) await partnerActionProjection.apply(e, models);
    expect(await actionRows(models).get('a1')).toMatchObject({
      isCompleted: true,
      completedAt: at,
      version: 2,
    });
  });

  it('When ContactMessageReceived is applied again after the message was read, then it stays read', async () => {
    const received = stored('contact-m1', 1, 'ContactMessageReceived', {
      id: 'm1',
      name: 'Sam',
      email: 'sam@x.co',
      subject: 'Hi',
      message: 'Hello',
      at,
    });
    const read = stored('contact-m1', 2, 'ContactStatusChanged', {
      id: 'm1',
      status: 'read',
      previousStatus: 'unread',
      at,
    });
    for (const e of [received, read, received]) await contactProjection.apply(e, models);
    expect(await contactRows(models).get('m1')).toMatchObject({ status: 'read', version: 2 });
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
      models,
    );
    expect(await contactRows(models).get('m2')).toMatchObject({ status: 'unread', version: 1 });
  });
});
