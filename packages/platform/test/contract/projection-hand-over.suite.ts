import type { AppliedNews, ProjectionHandOver, StoredEvent } from '../../src/ports';

export interface HandOverFixture {
  /** A new process's end of the service's hand-over, listening once this resolves. */
  process(): Promise<ProjectionHandOver>;
  cleanup(): Promise<void>;
}

const event = (position: number): StoredEvent => ({
  id: `e${position}`,
  type: 'Added',
  streamId: `s${position}`,
  version: 1,
  position,
  occurredAt: '2026-11-28T08:00:00.000Z',
  data: { n: position, when: '2026-11-28' },
  meta: { correlationId: 'c1' },
});

/** Resolves with what `listen` hears first, or null after `ms`. */
function heardWithin<T>(ms: number, listen: (hear: (value: T) => void) => void): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    listen((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The ProjectionHandOver port: what every adapter must do, run against each (in memory, Redis). */
export function projectionHandOverContract(adapter: string, makeFixture: () => Promise<HandOverFixture>) {
  describe(`ProjectionHandOver [${adapter}]`, () => {
    let fixture: HandOverFixture;
    beforeEach(async () => {
      fixture = await makeFixture();
    });
    afterEach(() => fixture.cleanup());

    it('When a process sends events to the holder, then the holder hears them as sent, and the sender is told it was heard', async () => {
      const [holder, writer] = [await fixture.process(), await fixture.process()];
      const heard = heardWithin<StoredEvent[]>(2000, (hear) =>
        holder.listen('projections', 'holder-1', { handedOver: hear, applied: () => undefined }),
      );
      await waitListening(holder);

      expect(await writer.send('projections', 'holder-1', [event(7), event(8)])).toBe(true);
      expect(await heard).toEqual([event(7), event(8)]);
    });

    it('When nobody listens as that holder, or for that projection, then the send says it was not heard', async () => {
      const [holder, writer] = [await fixture.process(), await fixture.process()];
      holder.listen('projections', 'holder-1', { handedOver: () => undefined, applied: () => undefined });
      await waitListening(holder);

      expect(await writer.send('projections', 'holder-2', [event(1)])).toBe(false);
      expect(await writer.send('reports', 'holder-1', [event(1)])).toBe(false);
    });

    it("When a process tells what it applied, then the others hear it with its rows as they were (dates kept), and the teller's own listener does not", async () => {
      const [holder, other] = [await fixture.process(), await fixture.process()];
      const faq = { id: 'f1', at: new Date('2026-11-28T08:00:00Z') };
      const news: AppliedNews = {
        holder: 'holder-1',
        holds: true,
        position: 42,
        rows: [
          {
            collection: 'faqs',
            rows: [
              ['f1', faq],
              ['f2', null],
            ],
          },
        ],
      };
      let toItself = 0;
      holder.listen('projections', 'holder-1', { handedOver: () => undefined, applied: () => toItself++ });
      await waitListening(holder);
      const toOther = heardWithin<AppliedNews>(2000, (hear) =>
        other.listen('projections', 'other-1', { handedOver: () => undefined, applied: hear }),
      );
      await waitListening(other);

      holder.tell('projections', news);

      expect(await toOther).toEqual(news);
      // A Date, not its string (made in Node's realm, outside Jest's: instanceof cannot tell).
      const at = ((await toOther)!.rows[0]!.rows[0]![1] as unknown as typeof faq).at;
      expect(Object.prototype.toString.call(at)).toBe('[object Date]');
      await new Promise((r) => setTimeout(r, 50));
      expect(toItself).toBe(0);
    });

    it('When a listener stops, then it hears nothing more and sends to it are not heard', async () => {
      const [holder, writer] = [await fixture.process(), await fixture.process()];
      let heard = 0;
      const stop = holder.listen('projections', 'holder-1', {
        handedOver: () => heard++,
        applied: () => undefined,
      });
      await waitListening(holder);
      stop();
      await new Promise((r) => setTimeout(r, 50));

      expect(await writer.send('projections', 'holder-1', [event(1)])).toBe(false);
      expect(heard).toBe(0);
    });
  });
}

/** Until the end hears every message sent to it (an adapter subscribes in the background). */
export async function waitListening(end: ProjectionHandOver, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!end.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (!end.listening) throw new Error('the hand-over never listened');
}
