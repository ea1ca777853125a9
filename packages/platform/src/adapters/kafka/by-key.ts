/** One message of a fetched batch, as far as handling it by key needs: its key (a stream id) and its offset. */
export interface KeyedMessage {
  key: string;
  offset: string;
}

export interface ByKeyOptions<M extends KeyedMessage> {
  /** Handles one message; false when the subscription stopped meanwhile (the message is left unhandled). */
  handle(message: M): Promise<boolean>;
  /** Called with the offset below which every message of the batch is handled, each time that moves on. */
  resolve(offset: string): void;
  /** Whether to start another message (false once the subscription stops or the batch went stale). */
  going(): boolean;
  /** How many keys are handled at once. */
  concurrency: number;
}

/**
 * Handles a partition's fetched batch with the messages of each key (a stream) one after another, in order, and the
 * keys side by side: order holds where it matters, within a stream, while a batch of many streams' events (a
 * reaction to each application, say) goes through together, and its writes share their round trips. An offset is
 * resolved only once every message before it in the batch is handled. When a handler throws, no further message
 * is started; those under way finish, the handled prefix is resolved, and the first error is thrown.
 */
export async function handleByKey<M extends KeyedMessage>(
  messages: readonly M[],
  { handle, resolve, going, concurrency }: ByKeyOptions<M>,
): Promise<void> {
  const queues = new Map<string, number[]>();
  messages.forEach((m, i) => {
    const queue = queues.get(m.key);
    if (queue) queue.push(i);
    else queues.set(m.key, [i]);
  });
  const done = new Array<boolean>(messages.length).fill(false);
  let prefix = 0;
  let failure: { error: unknown } | undefined;
  let halted = false;
  const advance = () => {
    const before = prefix;
    while (prefix < messages.length && done[prefix]) prefix++;
    if (prefix > before) resolve(messages[prefix - 1]!.offset);
  };
  const pending = [...queues.values()];
  const worker = async () => {
    for (let queue = pending.shift(); queue; queue = pending.shift()) {
      for (const i of queue) {
        if (failure || halted || !going()) return;
        try {
          if (!(await handle(messages[i]!))) {
            halted = true;
            return;
          }
        } catch (error) {
          failure ??= { error };
          return;
        }
        done[i] = true;
        advance();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queues.size)) }, worker));
  if (failure) throw failure.error;
}
