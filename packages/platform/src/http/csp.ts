/**
 * The Content-Security-Policy of every answer (the pages the gateway serves above all). helmet's defaults, with:
 * - img-src also https: news and gallery images may be any https URL (@12yards/api isMediaOrHttpsUrl);
 * - base-uri, object-src and frame-ancestors 'none': no <base> rewrites, no plugins, never framed;
 * - style-src without https: every stylesheet is our own. 'unsafe-inline' stays: Radix's scroll lock
 *   (react-remove-scroll) injects a <style> element, and server-rendered markup carries style attributes;
 * - font-src without https: no font comes from another site.
 * script-src stays 'self' without hashes: a server-rendered page's <script type="application/json"> data block is not
 * executed, so the policy does not apply to it.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'upgrade-insecure-requests': [],
} as const;
