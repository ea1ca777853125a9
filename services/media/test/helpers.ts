import sharp from 'sharp';
import type { Response } from 'superagent';
import { signIdentity, TEST_SECRET } from '@12yards/platform';

export const admin = () => signIdentity({ username: 'ops', role: 'admin' }, TEST_SECRET);
export const editor = () => signIdentity({ username: 'writer', role: 'editor' }, TEST_SECRET);

/** A photo-like picture drawn by sharp (gradients plus turbulence), so it compresses like a real image. */
async function picture(width: number, height: number) {
  // Drawn at a quarter of the size and scaled up: turbulence is slow to render.
  const drawn = await draw(Math.ceil(width / 4), Math.ceil(height / 4)).png().toBuffer();
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

export const makeJpeg = async (width = 1800, height = 1000) => (await picture(width, height)).jpeg({ quality: 92 }).toBuffer();

/** superagent parser that keeps any body as raw bytes. */
export function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Polls until check() passes (it throws while not yet), or rethrows its last failure after timeoutMs. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
