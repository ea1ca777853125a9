import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s (default 1 s): a lazily loaded page chunk can take longer on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs that Radix, react-router and the shell call.
const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.releasePointerCapture ??= () => {};
proto.setPointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as Record<string, unknown>).ResizeObserver ??= NoopResizeObserver;
window.scrollTo ??= () => {};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const util = require('node:util') as typeof import('node:util');
(globalThis as Record<string, unknown>).TextEncoder ??= util.TextEncoder;
(globalThis as Record<string, unknown>).TextDecoder ??= util.TextDecoder;
