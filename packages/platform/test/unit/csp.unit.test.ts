import request from 'supertest';
import { isMediaOrHttpsUrl } from '@12yards/api';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { createLogger } from '../../src/observability/logging';

/** The Content-Security-Policy header as directive name -> values. */
function directives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

function app() {
  const logger = createLogger('t', 'silent');
  const a = createHttpApp({ logger });
  a.get('/page', (_req, res) => {
    res.type('html').send('<!doctype html><div id="root"></div>');
  });
  return finishHttpApp(a, logger);
}

describe('Content-Security-Policy of an HTML page', () => {
  it('When a page is served, then images may come from https (as the schemas accept), and nothing else is loosened', async () => {
    const res = await request(app()).get('/page').expect(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    // No stylesheet comes from another site; Radix's scroll lock injects a <style> element, hence 'unsafe-inline'.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('When the schemas accept an https image URL, then the page may load it', async () => {
    const res = await request(app()).get('/page').expect(200);
    const imgSrc = directives(res.headers['content-security-policy'])['img-src'];
    const url = new URL('https://cdn.example.com/kit.png');
    expect(isMediaOrHttpsUrl(url.href)).toBe(true);
    expect(imgSrc).toContain(url.protocol);
  });
});
