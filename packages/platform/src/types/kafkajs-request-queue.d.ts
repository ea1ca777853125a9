// kafkajs's per-connection request queue: not part of its typed API (see adapters/kafka/request-queue-timers.ts).
declare module 'kafkajs/src/network/requestQueue' {
  export default class RequestQueue {
    constructor(options: {
      instrumentationEmitter?: unknown;
      maxInFlightRequests?: number | null;
      requestTimeout: number;
      enforceRequestTimeout: boolean;
      clientId: string;
      broker: string;
      logger: unknown;
      isConnected: () => boolean;
    });
    pending: unknown[];
    throttledUntil: number;
    throttleCheckTimeoutId: NodeJS.Timeout | null;
    push(request: unknown): void;
    maybeThrottle(clientSideThrottleTime: number | null): void;
    checkPendingRequests(): void;
    scheduleCheckPendingRequests(): void;
    fulfillRequest(response: { correlationId: number; payload: unknown; size: number }): void;
    destroy(): void;
  }
}
