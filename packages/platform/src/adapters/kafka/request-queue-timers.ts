import RequestQueue from 'kafkajs/src/network/requestQueue';

type Queue = InstanceType<typeof RequestQueue>;

/** The line of kafkajs 2.2.4's scheduleCheckPendingRequests that this fix was checked against. */
const KNOWN_SOURCE = 'this.throttledUntil - Date.now()';

let fixed = false;

/**
 * kafkajs 2.2.4 re-arms a timer after every check of a connection's pending requests, even when none is pending: the
 * delay is then `throttledUntil - now`, negative, so Node runs it after 1 ms, and it re-arms itself again
 * (tulios/kafkajs#1556, #1704; the fix proposed upstream in #1667 is this one). Every open broker connection of every
 * producer, consumer and admin then wakes its process a thousand times a second for as long as it is open: 30-40 ms
 * of CPU a second per idle service here, taken from the requests on a 2-core machine.
 *
 * With the fix a check is scheduled only while a request is pending. Nothing else needs one: push() schedules a check
 * when it queues a request, and every answer or timeout checks the queue (fulfillRequest, the request's timeout).
 * Applied once per process; idempotent. Returns whether the queue is (now) fixed; false when the installed kafkajs is
 * not the code this was checked against (left as it is: a new version may have fixed it another way).
 */
export function fixRequestQueueTimers(): boolean {
  if (fixed) return true;
  const proto = RequestQueue.prototype as Queue;
  const original = proto.scheduleCheckPendingRequests;
  if (!String(original).includes(KNOWN_SOURCE)) return false;
  proto.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: Queue) {
    if (this.pending.length === 0) return;
    original.call(this);
  };
  fixed = true;
  return true;
}
