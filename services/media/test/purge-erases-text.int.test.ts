import request from 'supertest';
import { existsSync, readFileSync } from 'node:fs';
import { ERASED_PERSONAL_DATA, serviceDbFile, startService, type RunningService } from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { mediaService } from '../src/definition';
import { uploadIdOf } from '../src/upload/store';
import { addToLibrary, admin, uploadPng } from './helpers';

jest.setTimeout(30_000);

/** Issue 26 item 2: "Delete for good" of a trashed media entry erases its original name and alt text from history. */
describe('media service: deleting an entry for good erases its name and alt text from history', () => {
  let env: ReturnType<typeof testServiceEnv>;
  let svc: RunningService<'objects'>;
  beforeEach(async () => {
    env = testServiceEnv();
    svc = await startService(mediaService, env);
  });
  afterEach(async () => {
    await svc.stop();
    env.cleanup();
  });
  const storedBytes = () => {
    const file = serviceDbFile(env.DATA_DIR, 'media');
    return Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString(
      'latin1',
    );
  };
  const text = (value: unknown) => JSON.stringify(value);

  it('When a trashed entry is deleted for good, then its history and the activity read "Erased personal data", never its name or alt text', async () => {
    const upload = await uploadPng(svc.app, 'zebedee-quint.png');
    const entry = await addToLibrary(svc.app, upload, 'Zebedee Quint at the match');
    const history = async () =>
      (await request(svc.app).get(`/api/admin/history/media/${entry.id}`).use(admin()).expect(200)).body;
    expect(text(await history())).toContain('Zebedee Quint at the match');
    expect(storedBytes()).toContain('Zebedee Quint');
    const uploadStream = `upload-${uploadIdOf(upload.filename)}`;
    expect(text(await svc.ctx.infra.eventStore.read(uploadStream))).toContain('zebedee-quint');

    await request(svc.app).delete(`/api/admin/media/${entry.id}`).use(admin()).expect(204);
    await request(svc.app).delete(`/api/admin/trash/media/${entry.id}`).use(admin()).expect(204);

    const after = await history();
    expect(text(after)).not.toMatch(/zebedee/i);
    expect(text(after)).toContain(ERASED_PERSONAL_DATA);
    const feed = (await request(svc.app).get('/internal/activity').use(admin()).expect(200)).body;
    expect(text(feed)).not.toMatch(/zebedee/i);
    expect(await svc.ctx.infra.eventStore.read(uploadStream)).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'MediaUploadRemoved' })]),
    );
    expect(text(await svc.ctx.infra.eventStore.read(uploadStream))).not.toMatch(/zebedee/i);
    expect(storedBytes()).not.toMatch(/Zebedee Quint/);
  });
});
