import request from 'supertest';
import type { Express } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import {
  openSqlite,
  serviceDbFile,
  SqliteEventBus,
  SqliteEventStore,
  toMessage,
  type SqliteDb,
  type StoredEvent,
} from '@12yards/platform';
import type { PartnerPromoted } from '../src/partner/events';

import { signedAs } from '@12yards/platform/testing';

export { eventually } from '@12yards/platform/testing';

export const admin = () => signedAs({ username: 'ops', role: 'admin' });
export const editor = () => signedAs({ username: 'writer', role: 'editor' });

/** Every byte of the partners service's SQLite file and its WAL, as text (what a privacy test searches). */
export function storedBytes(dataDir: string): string {
  const file = serviceDbFile(dataDir, 'partners');
  return Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString(
    'latin1',
  );
}

/** A club's application through the public form (clubApplication with `over`): the partner answered (201). */
export async function applyAsClub(app: Express, over: Record<string, unknown> = {}) {
  return (await request(app).post('/api/partners').send(clubApplication(over)).expect(201)).body;
}

/** An action item about a partner, added by the admin: the item answered (201). */
export async function addAction(app: Express, partnerId: string, actionText: string) {
  return (
    await request(app)
      .post(`/api/admin/partners/${partnerId}/actions`)
      .use(admin())
      .send({ actionText })
      .expect(201)
  ).body;
}

/**
 * The contracts service's topic in embedded mode, in its SQLite file: an event appended to its store and
 * published (as its relay would) is how the contracts service publishes ContractCreated / ContractEnded /
 * ContractReactivated / ContractDeleted.
 */
export function contractsTopic(dataDir: string): {
  store: SqliteEventStore;
  db: SqliteDb;
  /** Publishes an event of the store as the given message (type, schema version and data). */
  publish(source: StoredEvent, message: { type: string; version: number; data: unknown }): Promise<void>;
  close(): void;
} {
  const db = openSqlite(serviceDbFile(dataDir, 'contracts'));
  const store = new SqliteEventStore(db);
  const bus = new SqliteEventBus({ topics: {}, db });
  return {
    store,
    db,
    publish: (source, message) => bus.publish('contracts', [toMessage(source, message)]),
    close: () => db.close(),
  };
}

export async function publishContractCreated(
  topic: ReturnType<typeof contractsTopic>,
  contractId: string,
  partnerId: string,
) {
  const { events } = await topic.store.append(`contract-${contractId}`, 'no_stream', [
    {
      type: 'ContractCreated',
      data: { contractId, partnerId, companyName: 'Riverside FC Ltd', lengthMonths: 12 },
    },
  ]);
  await topic.publish(events[0]!, { type: 'ContractCreated', version: 1, data: { contractId, partnerId } });
  return events[0]!;
}

export async function publishContractClosed(
  topic: ReturnType<typeof contractsTopic>,
  type: 'ContractEnded' | 'ContractDeleted' | 'ContractReactivated',
  contractId: string,
  partnerId: string,
) {
  const { events } = await topic.store.append(`contract-${contractId}`, 'any', [
    { type, data: { contractId, partnerId } },
  ]);
  await topic.publish(events[0]!, { type, version: 1, data: { contractId, partnerId } });
  return events[0]!;
}

/** A club's influencer fields: a club application leaves them all empty (null once stored). */
export const noInfluencerFields = {
  knownAs: null,
  twitterAccount: null,
  instagramAccount: null,
  tiktokAccount: null,
  facebookAccount: null,
  totalFollowers: null,
};

export const clubApplication = (over: Record<string, unknown> = {}) => ({
  name: 'Ann Lee',
  email: 'ann@riverside.example',
  type: 'club',
  organization: 'Riverside FC',
  position: 'Chair',
  webAddress: 'https://riverside.example',
  targetMembers: '500',
  membershipType: 'paid',
  message: 'We would like to bring our fans',
  ...over,
});

export const influencerApplication = (over: Record<string, unknown> = {}) => ({
  name: 'Kim Park',
  email: 'kim@example.com',
  type: 'influencer',
  knownAs: 'KimKicks',
  instagramAccount: '@kimkicks',
  totalFollowers: '120000',
  message: 'Let us talk',
  ...over,
});

/** A PartnerPromoted of partner p1 by its first contract c1, changed by `over`. */
export const partnerPromoted = (over: Partial<PartnerPromoted['data']> = {}): PartnerPromoted => ({
  type: 'PartnerPromoted',
  data: {
    id: 'p1',
    contractId: 'c1',
    status: 'Partner',
    previousStatus: 'Pending',
    activeContracts: 1,
    statusLocked: true,
    at: '',
    ...over,
  },
});
