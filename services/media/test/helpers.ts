import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Response } from 'superagent';
import request from 'supertest';
import type { Express } from 'express';

export const admin = () => signedAs({ username: 'ops', role: 'admin' });
export const editor = () => signedAs({ username: 'writer', role: 'editor' });

/** A photo-like picture drawn by sharp (gradients plus turbulence), so it compresses like a real image. */
async function picture(width: number, height: number) {
  // Drawn at a quarter of the size and scaled up: turbulence is slow to render.
  const drawn = await draw(Math.ceil(width / 4), Math.ceil(height / 4))
    .png()
    .toBuffer();
  return sharp(drawn).resize(width, height, { fit: 'fill' });
}

function draw(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b5e20"/><stop offset="0.5" stop-color="#f9a825"/><stop offset="1" stop-color="#0d47a1"/>
    </linearGradient>
    <filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="7"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect width="100%" height="100%" filter="url(#n)" opacity="0.45"/>
  <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#ffffff" opacity="0.3"/>
</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
}

export const makePng = async (width = 800, height = 600) => (await picture(width, height)).png().toBuffer();

export const makeJpeg = async (width = 1800, height = 1000) =>
  (await picture(width, height)).jpeg({ quality: 92 }).toBuffer();

/** superagent parser that keeps any body as raw bytes. */
export function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream; // in Node, superagent hands the parser the response stream
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

export { eventually } from '@12yards/platform/testing';
import { signedAs } from '@12yards/platform/testing';

/** A tiny PNG whose header claims width x height pixels: decoding it would take gigabytes. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of 64x48 uploaded by the admin as `filename`: the upload answered (201). */
export async function uploadPng(app: Express, filename: string) {
  return (
    await request(app)
      .post('/api/admin/upload')
      .use(admin())
      .attach('file', await makePng(64, 48), { filename, contentType: 'image/png' })
      .expect(201)
  ).body;
}

/** Adds an upload (or any file) to the media library as the admin: the entry answered (201). */
export async function addToLibrary(app: Express, file: Record<string, unknown>, altText: string | null) {
  return (
    await request(app)
      .post('/api/admin/media')
      .use(admin())
      .send({ ...file, altText })
      .expect(201)
  ).body as {
    id: string;
  };
}
