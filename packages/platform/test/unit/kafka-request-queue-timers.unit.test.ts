import RequestQueue from 'kafkajs/src/network/requestQueue';
import { fixRequestQueueTimers } from '../../src/adapters/kafka/request-queue-timers';

/** A broker connection's request queue as kafkajs makes it, with a socket that records what it was asked to send. */
function connection() {
  const sent: number[] = [];
  const answered: number[] = [];
  const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const queue = new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger,
    isConnected: () => true,
  });
  let next = 1;
  const request = () => {
    const correlationId = next++;
    queue.push({
      entry: {
        correlationId,
        apiName: 'Fetch',
        apiKey: 1,
        apiVersion: 11,
        resolve: () => answered.push(correlationId),
        reject: () => {},
      },
      expectResponse: true,
      sendRequest: () => sent.push(correlationId),
    });
    return correlationId;
  };
  const answer = (correlationId: number) => queue.fulfillRequest({ correlationId, payload: null, size: 0 });
  return { queue, sent, answered, request, answer };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("kafkajs's request queue, with its idle timer loop fixed", () => {
  beforeAll(() => expect(fixRequestQueueTimers()).toBe(true));

  it('When every request is answered, then the queue arms no timer (kafkajs 2.2.4 re-armed one every millisecond)', async () => {
    const c = connection();
    const first = c.request();
    c.answer(first);
    expect(c.answered).toEqual([first]);
    expect(c.queue.throttleCheckTimeoutId).toBeNull();
    await sleep(20);
    expect(c.queue.throttleCheckTimeoutId).toBeNull();
  });

  it('When a request waits for the one in flight, then it is sent as soon as that one is answered', async () => {
    const c = connection();
    const first = c.request();
    const second = c.request();
    expect(c.sent).toEqual([first]);
    c.answer(first);
    expect(c.sent).toEqual([first, second]);
    c.answer(second);
    expect(c.answered).toEqual([first, second]);
    await sleep(20); // the check armed while the second waited has run, and armed no other
    expect(c.queue.throttleCheckTimeoutId).toBeNull();
  });

  it('When the broker throttles the client, then a request made meanwhile is sent once the throttle ends', async () => {
    const c = connection();
    c.queue.maybeThrottle(30);
    const throttled = c.request();
    expect(c.sent).toEqual([]);
    expect(c.queue.throttleCheckTimeoutId).not.toBeNull();
    await sleep(60);
    expect(c.sent).toEqual([throttled]);
    c.answer(throttled);
    expect(c.queue.throttleCheckTimeoutId).toBeNull();
  });

  it('When applied again, then it changes nothing more', () => {
    const patched = RequestQueue.prototype.scheduleCheckPendingRequests;
    expect(fixRequestQueueTimers()).toBe(true);
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(patched);
  });
});
