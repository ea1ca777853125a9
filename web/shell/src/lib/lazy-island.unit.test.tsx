import { act, createContext, startTransition, useContext, useState, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { lazyIsland } from './lazy-island';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((c) => c + 1)}>
      Clicked {n}
    </button>
  );
}

/** IntersectionObserver stand-in: `enter()` tells every observer its element came near the viewport. */
const observers: Array<() => void> = [];
class FakeObserver {
  constructor(private readonly cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    observers.push(() =>
      this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as never),
    );
  }
  disconnect() {}
}
const enter = () => observers.splice(0).forEach((fire) => fire());

/** What the server writes for an island named NAME around the counter (its Suspense boundary included). */
const serverHtml = (name: string) =>
  `<div data-island="${name}"><!--$--><button type="button">Clicked <!-- -->0</button><!--/$--></div>`;

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

beforeAll(() => {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  document.body.innerHTML = '';
  observers.length = 0;
});

describe('lazyIsland', () => {
  it('keeps the server HTML without fetching its code until it comes near the viewport, then hydrates it', async () => {
    const load = jest.fn(async () => Counter);
    const Island = lazyIsland('near', load);
    const root = document.createElement('div');
    root.innerHTML = serverHtml('near');
    document.body.append(root);
    const button = root.querySelector('button')!;

    await act(async () => void hydrateRoot(root, <Island />, { onRecoverableError: (e) => fail(e) }));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(root.querySelector('button')).toBe(button);

    enter();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(root.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe('Clicked 1');
  });

  it('answers a click that came before its code: made again once it has hydrated', async () => {
    const Island = lazyIsland('early', async () => Counter);
    const root = document.createElement('div');
    root.innerHTML = serverHtml('early');
    document.body.append(root);
    const button = root.querySelector('button')!;
    await act(async () => void hydrateRoot(root, <Island />, { onRecoverableError: (e) => fail(e) }));

    await act(async () => button.click());
    await settle();
    expect(button.textContent).toBe('Clicked 1');
  });

  it('fetches its code at once when the browser renders the page itself', async () => {
    const load = jest.fn(async () => Counter);
    const Island = lazyIsland('client', load);
    const root = document.createElement('div');
    document.body.append(root);

    await act(async () => createRoot(root).render(<Island />));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[data-island="client"]')?.textContent).toBe('Clicked 0');
  });
});

describe('lazyIsland updated before it hydrated', () => {
  const Ctx = createContext(0);
  function Reader() {
    return <p>value {useContext(Ctx)}</p>;
  }
  let setValue: (v: number) => void = () => {};
  function Page({ Island }: { Island: ComponentType }) {
    const [value, set] = useState(0);
    setValue = set;
    return (
      <Ctx.Provider value={value}>
        <span>outer {value}</span>
        <Island />
      </Ctx.Provider>
    );
  }
  const server = (name: string) =>
    `<span>outer <!-- -->0</span><div data-island="${name}"><!--$--><p>value <!-- -->0</p><!--/$--></div>`;

  it.each([
    ['a navigation (a transition)', (v: number) => startTransition(() => setValue(v))],
    ['a state change', (v: number) => setValue(v)],
  ])('When %s changes what it reads, then the page updates and the island with it', async (_, update) => {
    const name = `updated-${_.length}`;
    const Island = lazyIsland(name, async () => Reader);
    const root = document.createElement('div');
    root.innerHTML = server(name);
    document.body.append(root);
    await act(async () => void hydrateRoot(root, <Page Island={Island} />));
    await settle();

    await act(async () => update(1));
    await settle();
    expect(root.querySelector('span')?.textContent).toBe('outer 1');
    expect(root.querySelector('p')?.textContent).toBe('value 1');
  });
});
