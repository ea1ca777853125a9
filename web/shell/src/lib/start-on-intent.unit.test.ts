import { START_ATTR, startOnIntent } from './start-on-intent';

/** A server-rendered page: a button the app handles, a link to another page, a link elsewhere and a <summary>. */
function serverPage() {
  document.body.innerHTML = `<div id="root">
    <button type="button" id="apply">Apply</button>
    <a href="/news" id="news">News</a>
    <a href="https://example.com/" id="away">Away</a>
    <details><summary id="question">Question</summary>Answer</details>
  </div>`;
  return document.getElementById('root')!;
}

const byId = (id: string) => document.getElementById(id)!;
const hydrate = () => (document.documentElement.dataset.hydrated = 'true');
const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * Clicks EL as a visitor would; answers whether startOnIntent held the click (prevented what the browser would do).
 * (The browser's default is then prevented in any case: jsdom cannot follow a link.)
 */
function click(el: Element, init: MouseEventInit = {}): boolean {
  let held = false;
  const seen = (e: Event) => {
    held = e.defaultPrevented;
    e.preventDefault();
  };
  // After startOnIntent's own listener (the window, capturing), which stops the click there when it holds it.
  window.addEventListener('click', seen, true);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  window.removeEventListener('click', seen, true);
  return held;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
  document.documentElement.removeAttribute(START_ATTR);
});

describe('startOnIntent', () => {
  it('When the page loads and the visitor does nothing, then the app is not started and the page says it waits', () => {
    const start = jest.fn(async () => {});
    startOnIntent({ root: serverPage(), start });
    expect(start).not.toHaveBeenCalled();
    expect(document.documentElement.getAttribute(START_ATTR)).toBe('on-intent');
  });

  it.each(['pointerover', 'touchstart', 'keydown', 'focusin', 'scroll'])(
    'When the visitor acts (%s), then the app starts, once',
    (type) => {
      const start = jest.fn(async () => {});
      startOnIntent({ root: serverPage(), start });
      byId('apply').dispatchEvent(new Event(type, { bubbles: true }));
      byId('news').dispatchEvent(new Event(type, { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
      expect(document.documentElement.hasAttribute(START_ATTR)).toBe(false);
    },
  );

  it('When a button is clicked before the page hydrated, then the click is held and made again once it has', async () => {
    const start = jest.fn(async () => {});
    startOnIntent({ root: serverPage(), start });
    const clicks: boolean[] = [];
    byId('apply').addEventListener('click', () =>
      clicks.push(document.documentElement.dataset.hydrated === 'true'),
    );

    expect(click(byId('apply'))).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual([]);

    hydrate();
    await flush();
    expect(clicks).toEqual([true]);
    // Once hydrated, clicks are the app's own: nothing held any more.
    expect(click(byId('apply'))).toBe(false);
    expect(clicks).toEqual([true, true]);
  });

  it('When a link elsewhere, a summary or a click with a modifier comes first, then the browser handles it at once', () => {
    const start = jest.fn(async () => {});
    startOnIntent({ root: serverPage(), start });
    for (const [id, init] of [
      ['away', {}],
      ['question', {}],
      ['news', { ctrlKey: true }],
    ] as const)
      expect(click(byId(id), init)).toBe(false);
    expect(start).not.toHaveBeenCalled();
  });

  it('When the app cannot be fetched, then later clicks go to the browser again', async () => {
    const start = jest.fn(async () => {
      throw new Error('offline');
    });
    startOnIntent({ root: serverPage(), start });
    expect(click(byId('news'))).toBe(true);
    await flush();
    expect(click(byId('news'))).toBe(false);
  });
});
