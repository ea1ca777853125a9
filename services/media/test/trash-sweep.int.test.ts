import request from 'supertest';
import { startService, type RunningService } from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { sweepTrash } from '@12yards/workbench';
import { mediaService } from '../src/definition';
import { mediaTrash } from '../src/media-file/trash';
import { addToLibrary, admin, uploadPng } from './helpers';

jest.setTimeout(30_000);
const DAY = 24 * 60 * 60 * 1000;

describe('media service: the 30-day trash sweep', () => {
  let env: ReturnType<typeof testServiceEnv>;
  let svc: RunningService<'objects'>;
  let now: number;
  beforeEach(async () => {
    now = Date.parse('2026-11-01T08:00:00.000Z');
    env = testServiceEnv();
    svc = await startService(mediaService, env, { clock: () => new Date(now) });
  });
  afterEach(async () => {
    await svc.stop();
    env.cleanup();
  });

  const addEntry = async (name: string) => {
    const upload = await uploadPng(svc.app, name);
    const entry = await addToLibrary(svc.app, upload, null);
    return { id: entry.id, key: `media/${upload.filename as string}` };
  };

  it('When an entry has lain in the trash more than 30 days on the clock, then the sweep deletes it and its file for good', async () => {
    const old = await addEntry('old.png');
    const recent = await addEntry('recent.png');
    await request(svc.app).delete(`/api/admin/media/${old.id}`).use(admin()).expect(204);
    now += 5 * DAY;
    await request(svc.app).delete(`/api/admin/media/${recent.id}`).use(admin()).expect(204);
    now += 25 * DAY; // the old one: exactly 30 days
    expect(await sweepTrash(svc.ctx, mediaTrash(svc.ctx))).toBe(0);
    now += 1;
    expect(await sweepTrash(svc.ctx, mediaTrash(svc.ctx))).toBe(1);

    expect(await svc.ctx.infra.objects.stat(old.key)).toBeNull();
    expect(await svc.ctx.infra.objects.stat(recent.key)).not.toBeNull();
    const trash = (await request(svc.app).get('/internal/trash').use(admin()).expect(200)).body;
    expect(trash.map((i: { id: string }) => i.id)).toEqual([recent.id]);
    const purge = (await svc.ctx.infra.eventStore.read(`media-file-${old.id}`)).at(-1);
    expect(purge).toMatchObject({ type: 'MediaFileDeleted', meta: { actor: 'trash-sweep' } });
  });
});
