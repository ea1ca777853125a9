import '@testing-library/jest-dom';

// jsdom lacks what Radix Select and friends call on elements.
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

// react-router reads TextEncoder at import time; jsdom's global lacks it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const util = require('node:util') as typeof import('node:util');
(globalThis as Record<string, unknown>).TextEncoder ??= util.TextEncoder;
(globalThis as Record<string, unknown>).TextDecoder ??= util.TextDecoder;
