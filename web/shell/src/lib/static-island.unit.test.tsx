import { act } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { staticPart } from './static-island';

function Answer() {
  return <p>The answer, rendered by its own code</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('staticPart', () => {
  it('keeps the server HTML as it is when the page hydrates, without fetching the part’s code', async () => {
    const load = jest.fn(async () => Answer);
    const Part = staticPart('answer', load);
    const root = document.createElement('div');
    // What the server wrote, with an element the browser changed since (an open <details>): hydration keeps both.
    root.innerHTML =
      '<div data-static="answer"><details open><summary>Q</summary>Server answer</details></div>';
    document.body.append(root);
    const details = root.querySelector('details')!;

    await act(async () => void hydrateRoot(root, <Part />, { onRecoverableError: (e) => fail(e) }));

    expect(load).not.toHaveBeenCalled();
    expect(root.querySelector('details')).toBe(details);
    expect(details.open).toBe(true);
    expect(root.textContent).toBe('QServer answer');
  });

  it('renders the part from its code when the browser renders the page itself', async () => {
    const load = jest.fn(async () => Answer);
    const Part = staticPart('answer', load);
    const root = document.createElement('div');
    document.body.append(root);

    await act(async () => createRoot(root).render(<Part />));

    expect(load).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[data-static="answer"]')?.textContent).toBe(
      'The answer, rendered by its own code',
    );
  });

  it('renders a part the server could not render whole (its data missing) from its code', async () => {
    const load = jest.fn(async () => Answer);
    const Part = staticPart('answer', load, () => false);
    const root = document.createElement('div');
    root.innerHTML = '<div data-static="answer"><p>Loading…</p></div>';
    document.body.append(root);

    await act(async () => void createRoot(root).render(<Part />));

    expect(load).toHaveBeenCalledTimes(1);
    expect(root.textContent).toBe('The answer, rendered by its own code');
  });
});
