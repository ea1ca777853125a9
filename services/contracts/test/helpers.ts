import * as CFB from 'cfb';
import request from 'supertest';
import type { Response as SuperagentResponse } from 'superagent';
import {
  openSqlite,
  serviceDbFile,
  SqliteEventBus,
  SqliteEventStore,
  startService,
  toMessage,
  type RunningService,
} from '@12yards/platform';
import { signedAs, testServiceEnv } from '@12yards/platform/testing';
import { startStack, type Stack } from '@12yards/gateway/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '../src/definition';
import { buildDocx } from '../src/document/default-template';
import type { ContractsOptions } from '../src/options';
import { findPartner } from '../src/partner-view/projection';
import { partnersIntegrationEvents } from '@12yards/partners/src/integration-events';

export const admin = () => signedAs({ username: 'ops', role: 'admin' });
export const editor = () => signedAs({ username: 'ed', role: 'editor' });

import { validContract } from './fixtures';

export { validContract };

/** The contracts service on a fresh data directory, plus the 'partners' topic (in the partners service's file). */
export async function startContracts(options: ContractsOptions = {}, clock?: () => Date) {
  const env = testServiceEnv();
  const opts = { jobWaitMs: 20_000, partnerWaitMs: 100, ...options };
  let svc: RunningService<'jobs' | 'objects'> = await startService(createContractsService(opts), env, {
    clock,
  });
  const partnersDb = openSqlite(serviceDbFile(env.DATA_DIR, 'partners'));
  const partners = new SqliteEventStore(partnersDb);
  const partnersBus = new SqliteEventBus({ topics: {}, db: partnersDb });
  let n = 0;

  /**
   * Appends a partners-service event and publishes its integration event on the 'partners' topic (mapped as the
   * partners service's relay maps it), then waits until the contracts service has it.
   */
  async function partnerEvent(type: string, data: Record<string, unknown>, until: () => Promise<boolean>) {
    const id = String(data.id);
    const stream = `partner-${id}`;
    const version = (await partners.read(stream)).length;
    const { events } = await partners.append(stream, version === 0 ? 'no_stream' : version, [
      { type, data: { ...data, at: new Date().toISOString() } },
    ]);
    const published = partnersIntegrationEvents(events[0]!);
    if (!published) throw new Error(`the partners service publishes no ${type}`);
    await partnersBus.publish('partners', [toMessage(events[0]!, published)]);
    const deadline = Date.now() + 5_000;
    while (!(await until())) {
      if (Date.now() > deadline) throw new Error(`contracts never saw ${type} of partner ${id}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    env,
    get svc() {
      return svc;
    },
    get app() {
      return svc.app;
    },
    /** Submits a partner application on the partners topic, as the partners service does. */
    async addPartner(fields: Record<string, unknown> = {}) {
      const id = `partner-${++n}-${Date.now()}`;
      const partner = {
        id,
        name: 'Alex Smith',
        email: 'alex@example.com',
        type: 'club',
        organization: 'Leeds Fans',
        position: 'Chair',
        knownAs: null,
        status: 'Pending',
        source: 'public',
        ...fields,
      };
      await partnerEvent(
        'PartnerApplicationSubmitted',
        partner,
        async () => (await findPartner(svc.ctx.infra.readModels, id)) !== null,
      );
      return partner;
    },
    async changePartner(id: string, changes: Record<string, unknown>) {
      const before = await findPartner(svc.ctx.infra.readModels, id);
      await partnerEvent(
        'PartnerDetailsChanged',
        { ...before, version: undefined, ...changes, id },
        async () => {
          const now = await findPartner(svc.ctx.infra.readModels, id);
          return now !== null && now.version !== before?.version;
        },
      );
    },
    async restart(options2: ContractsOptions = {}) {
      await svc.stop();
      svc = await startService(createContractsService({ ...opts, ...options2 }), env, { clock });
    },
    async createContract(partnerId: string, overrides: Record<string, unknown> = {}) {
      const res = await request(svc.app)
        .post('/api/admin/contracts')
        .use(admin())
        .send({ ...validContract(partnerId), ...overrides });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; endedAt: string | null } & ReturnType<typeof validContract>;
    },
    /** Asks for a contract's document (by the admin unless `as` says), its body collected as a Buffer. */
    generateDocument(contractId: string, as = admin()) {
      return request(svc.app)
        .post(`/api/admin/contracts/${contractId}/generate-document`)
        .use(as)
        .buffer(true)
        .parse(binary);
    },
    async stop() {
      await svc.stop();
      partnersDb.close();
      env.cleanup();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof startContracts>>;

/** The contracts service with one partner it has heard of (most contract tests need one). */
export async function startContractsWithPartner(options: ContractsOptions = {}, clock?: () => Date) {
  const h = await startContracts(options, clock);
  return { h, partnerId: (await h.addPartner()).id };
}

/** supertest's .parse(): collect a binary body into a Buffer. */
export function binary(res: SuperagentResponse, cb: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream; // in Node, superagent hands the parser the response stream
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
  stream.on('error', (err) => cb(err, Buffer.alloc(0)));
}

/**
 * An OLE compound file holding the given streams. With a `WordDocument` stream (and `1Table`) it is what a Word
 * 97-2003 .doc is made of; with `Workbook` it is an .xls.
 */
export function compoundFile(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, bytes] of Object.entries(streams)) CFB.utils.cfb_add(container, name, bytes);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
/** A minimal Word 97-2003 document: the FIB's magic number 0xA5EC at the start of the WordDocument stream. */
export const wordDoc = () =>
  compoundFile({
    WordDocument: Buffer.from([0xec, 0xa5, 0xc1, 0x00, ...new Array(60).fill(0)]),
    '1Table': Buffer.alloc(16),
  });
/** An Excel 97-2003 workbook: a compound file too, but without a WordDocument stream. */
export const excelWorkbook = () =>
  compoundFile({ Workbook: Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06]) });

/**
 * A zip bomb shaped like a .docx: word/document.xml is `unzippedMb` MB of repeated paragraphs, which deflate to about
 * 3 KB per MB (100 MB: a 300 KB file, the size of the template that crash-looped the service).
 */
export function zipBombDocx(unzippedMb: number): Buffer {
  const paragraph = '<w:p><w:r><w:t>Clause {companyName} agrees.</w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((unzippedMb * 1024 * 1024) / paragraph.length));
  return buildDocx(`<w:document xmlns:w="${WORDML}"><w:body>${body}</w:body></w:document>`);
}
const WORDML = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The zip with the uncompressed size of `entry` rewritten to `declared` in its local and central headers. */
export function withDeclaredSize(zip: Buffer, entry: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  const at = (i: number, nameLengthAt: number, nameAt: number) =>
    out.toString('latin1', i + nameAt, i + nameAt + out.readUInt16LE(i + nameLengthAt)) === entry;
  for (let i = 0; i + 46 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && at(i, 26, 30)) out.writeUInt32LE(declared, i + 22);
    else if (sig === 0x02014b50 && at(i, 28, 46)) out.writeUInt32LE(declared, i + 24);
  }
  return out;
}

/** A .docx package with `files` parts (each a tiny text file) besides the document. */
export function manyFilesDocx(files: number): Buffer {
  const extra: Record<string, string> = {};
  for (let i = 0; i < files; i++) extra[`customXml/item${i}.xml`] = `<i>${i}</i>`;
  return buildDocx(`<w:document xmlns:w="${WORDML}"><w:body/></w:document>`, extra);
}

/**
 * The gateway with the partners and contracts services on one data directory; contracts asks the partners service
 * for a partner its view has not heard of yet (for up to 1 s).
 */
export async function startPartnersAndContracts(): Promise<Stack> {
  const stack: Stack = await startStack({
    services: [
      partnersService,
      createContractsService({ partnerWaitMs: 1_000, partnersUrl: () => stack.urls.PARTNERS_URL }),
    ],
  });
  return stack;
}
