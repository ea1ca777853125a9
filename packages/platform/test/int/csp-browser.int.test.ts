import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../../e2e/support/chromium';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { createLogger } from '../../src/observability/logging';

// A real browser applies the policy: Debian's chromium, when it is installed (never downloaded by tests).
const withChromium = existsSync(chromiumLaunchOptions.executablePath) ? describe : describe.skip;
jest.setTimeout(60_000);

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

/** What the built apps do: images from /media/, https and data:, a module script, Radix's injected <style>. */
const PAGE = `<!doctype html><html><head><title>t</title></head><body>
<img alt="news" src="https://images.example.invalid/kit.png">
<img alt="upload" src="/media/pixel.png">
<img alt="inline" src="${PIXEL}">
<script type="application/json" id="page-data">{"news":[]}</script>
<div id="root"></div>
<script type="module" src="/app.js"></script>
</body></html>`;
const APP = `
const style = document.createElement('style');
style.appendChild(document.createTextNode('body { margin-right: 0px; }'));
document.head.appendChild(style);
document.getElementById('root').style.width = '40%';
document.getElementById('root').textContent = 'rendered';
`;

withChromium('Content-Security-Policy in chromium', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    const logger = createLogger('t', 'silent');
    const app = createHttpApp({ logger });
    app.get('/', (_req, res) => res.type('html').send(PAGE));
    app.get('/plugin', (_req, res) =>
      res.type('html').send('<!doctype html><object data="/x.swf"></object>'),
    );
    app.get('/app.js', (_req, res) => res.type('js').send(APP));
    app.get('/media/pixel.png', (_req, res) =>
      res.type('png').send(Buffer.from(PIXEL.split(',')[1]!, 'base64')),
    );
    finishHttpApp(app, logger);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  /** The page's CSP violations as "directive blocked-uri", recorded from before the first byte. */
  async function violationsOf(path: string) {
    const page = await browser.newPage();
    // Strings, not functions: this code runs in the page (the server tsconfig has no DOM types).
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));`,
    });
    await page.goto(origin + path, { waitUntil: 'load' });
    await page.waitForTimeout(300); // violation events are dispatched asynchronously
    const seen = (await page.evaluate('window.cspViolations')) as string[];
    const rendered = (await page.evaluate("document.getElementById('root')?.textContent ?? null")) as
      string | null;
    await page.close();
    return { seen, rendered };
  }

  it('When a page shows an https image, an upload, a data: image and injects a <style>, then no CSP violation', async () => {
    const { seen, rendered } = await violationsOf('/');
    expect(seen).toEqual([]);
    expect(rendered).toBe('rendered'); // the module script ran under script-src 'self'
  });

  it('When a page embeds a plugin, then the browser reports it (object-src none): violations are seen', async () => {
    const { seen } = await violationsOf('/plugin');
    expect(seen).toEqual([expect.stringMatching(/^object-src /)]);
  });
});
