import request from 'supertest';
import sharp from 'sharp';
import exifr from 'exifr';
import { startLoggedInStack, type LoggedInStack } from '@12yards/gateway/testing';
import { mediaService } from '../src/definition';
import { binary, makeJpeg } from './helpers';

// Image work on a shared 2-core machine can be slow.
jest.setTimeout(30_000);

/** Where a phone would say the photo was taken: Wembley. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 33/1 3360/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 16/1 5880/100',
};
const CAMERA = { Make: 'PhoneCo', Model: 'Pocket 12', Artist: 'Ann Example' };

/** A 300x200 picture whose EXIF holds a camera, a GPS position and orientation 6 (turn 90° clockwise to view). */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp' | 'avif') {
  const drawn = await makeJpeg(300, 200);
  return sharp(drawn)
    .withExif({ IFD0: CAMERA, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toFormat(format)
    .toBuffer();
}

describe('media service: uploaded photos lose their metadata', () => {
  let stack: LoggedInStack;
  beforeAll(async () => {
    stack = await startLoggedInStack({ services: [mediaService] });
  });
  afterAll(async () => stack.stop());

  const upload = (bytes: Buffer, filename: string) =>
    stack.agent.post('/api/admin/upload').set('X-CSRF-Token', stack.csrf).attach('file', bytes, { filename });
  const fetchBytes = async (url: string) =>
    (await request(stack.app).get(url).buffer(true).parse(binary).expect(200)).body as Buffer;

  it('When a JPEG with EXIF GPS is uploaded, then the served original has no EXIF, the same format and the photo upright', async () => {
    const photo = await phonePhoto('jpeg');
    // The upload really carries the position and the orientation.
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(51.559, 2) });
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const res = await upload(photo, 'IMG_0001.jpg').expect(201);
    expect(res.body).toMatchObject({ mimeType: 'image/jpeg', filename: expect.stringMatching(/\.jpg$/) });
    const served = await fetchBytes(res.body.url);
    expect(res.body.size).toBe(served.length);
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(await exifr.gps(served)).toBeUndefined();
    expect(served.includes('PhoneCo')).toBe(false);
    expect(served.includes('Ann Example')).toBe(false);

    // The variants were already clean; they stay so.
    const small = await fetchBytes(`${res.body.url}?w=480`);
    expect((await sharp(small).metadata()).exif).toBeUndefined();
  });

  it.each(['png', 'webp'] as const)(
    'When a %s with EXIF is uploaded, then the served original keeps its format and loses the EXIF',
    async (format) => {
      const photo = await phonePhoto(format);
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await upload(photo, `shot.${format}`).expect(201);
      const served = await fetchBytes(res.body.url);
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format, width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect(served.includes('PhoneCo')).toBe(false);
    },
  );

  it('When an AVIF with EXIF is uploaded, then the served original is still AVIF and has no EXIF', async () => {
    const photo = await phonePhoto('avif');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(photo, 'shot.avif').expect(201);
    expect(res.body.mimeType).toBe('image/avif');
    const meta = await sharp(await fetchBytes(res.body.url)).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'av1' });
    expect(meta.exif).toBeUndefined();
  });

  it('When an image without metadata is uploaded, then it is stored byte for byte', async () => {
    const clean = await makeJpeg(300, 200);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    const res = await upload(clean, 'clean.jpg').expect(201);
    expect(Buffer.compare(await fetchBytes(res.body.url), clean)).toBe(0);
  });
});
