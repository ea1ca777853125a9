import type {
  AppliedNews,
  Collection,
  Document,
  EventStore,
  ProjectionHandOver,
  ReadModels,
  StoredEvent,
} from '../ports';
import type { Logger } from '../observability/logging';
import type { DomainEvent } from './decider';
import { processHolderId } from '../coordination/leader-election';
import { PassWrites, type SentRows } from './pass-writes';

/** Writes one service's read models from its events. apply must be idempotent for an event seen twice. */
export interface Projection {
  /** The read-model collections it owns (cleared by a rebuild). */
  collections: string[];
  apply(event: StoredEvent, models: ReadModels): Promise<void>;
}

/** A projection of one service's event union E: `apply` reads each event as one of E. */
export interface TypedProjection<E extends DomainEvent> {
  collections: string[];
  apply(event: StoredEvent & E, models: ReadModels): Promise<void>;
}

/** Types a projection's events once, here, instead of a cast in every projection. */
export function defineProjection<E extends DomainEvent>(projection: TypedProjection<E>): Projection {
  return {
    collections: projection.collections,
    // The store keeps events untyped. A service's store holds only its deciders' events, which E lists; a projection
    // also sees the other aggregates' events, and its switch on `type` passes them by.
    apply: (event, models) => projection.apply(event as StoredEvent & E, models),
  };
}

/** How long catchUp waits for a position reserved by another writer: past the Mongo store's 5 s gap timeout. */
const GAP_WAIT_MS = 6000;

/**
 * How long a process may apply events under the checkpoint's lock before another may take the lock over (it is
 * extended as the pass goes on). It bounds how long a process that died mid-pass holds the others' writes up.
 */
const LOCK_MS = 5000;

/**
 * The last position applied; while a process applies events after it, `lockedBy` names that process (until
 * `lockedUntil`), so two processes never apply the same events at once: one of them waits and re-reads.
 */
interface Checkpoint {
  id: string;
  position: number;
  lockedBy?: string | null;
  lockedUntil?: number;
}

/**
 * How long a pass waits for a writer of this process to hand over the event that comes next (positions are taken in
 * order, appends finish in any order) before it reads the store, where the next event may be another process's.
 */
const BUFFER_WAIT_MS = 20;
/** The longest wait between tries for a checkpoint another process holds (a pass takes a few round trips). */
const LOCK_RETRY_MAX_MS = 20;

/**
 * A lock kept between passes (see Projector.kept) is freed once no pass has used it for this long: a replica waiting
 * for the checkpoint gets it then. Longer while the process is alone (see Projector.alone): the next burst of writes,
 * or the next batch of a reaction, then finds it still held.
 */
const KEPT_IDLE_MS = 20;
const KEPT_IDLE_ALONE_MS = 50;
/**
 * While the lock is kept, the checkpoint is written at most this often: the passes in between move it in memory only
 * (their rows are sent, their writers answered). A crash applies the events since the stored position again, which
 * changes nothing; a replica waits at most this much longer to see them applied.
 */
const CHECKPOINT_EVERY_MS = 50;
/**
 * The same two, while this process hears the others (a hand-over channel listening): a process that finds the lock
 * held hands its writers' events to the holder instead of waiting for it, so the holder may keep it through the
 * pauses between a person's writes (a form sent, then the next a moment later) and write the checkpoint less often.
 * Each write then costs no lock and no free of its own: at one write every 65 ms, the checkpoint writes of three
 * services went from 7.8 to 3.4 a round of three writes. A crash applies again at most this long's events.
 */
const KEPT_IDLE_HEARD_MS = 1000;
const CHECKPOINT_EVERY_HEARD_MS = 250;
/** After this process failed to take the checkpoint's lock, it does not take it ahead of a pass for this long. */
const CONTENDED_MS = 1000;

/** Rows kept for writers to read back (see Projector.sentRow); past this many they are forgotten. */
const MAX_SENT_ROWS = 5000;

/** Past this many, appended events are no longer kept for the next pass (it reads the store instead). */
const MAX_BUFFERED = 10_000;

/**
 * After a pass failed (the store or the read models unreachable), the passes queued behind it fail at once with the
 * same error for this long instead of each waiting out the driver's own timeout in turn: a write's caller learns in
 * one timeout, not in one per write queued before it, that its change is saved and not readable yet.
 */
const FAILED_PASS_MS = 1000;

/**
 * How long a writer that handed its events to the process holding the checkpoint's lock waits to hear them applied
 * before it applies them itself (the message or its holder lost).
 */
const HAND_OVER_WAIT_MS = 2000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pass that ran and could not reach the position its caller waits for (other writers' holes, a busy lock). */
class NotAppliedInTime extends Error {}

/**
 * Applies the store's events to the read models in position order, from a checkpoint kept with the read models.
 * Writes call catchUp() after appending, so a client reads its own writes; start-up calls it to recover from a
 * crash between append and projection.
 */
export class Projector {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly holder = processHolderId();
  /** The highest position this process knows applied (by itself or, as read, by another process). */
  private reached = 0;
  /**
   * The checkpoint as this process last freed it: the next pass starts from it without reading it again. Should
   * another process have moved it meanwhile, taking the lock fails (compare-and-set) and the pass reads it afresh.
   */
  private freed?: Checkpoint;
  /**
   * The checkpoint as this process holds it locked between passes: taken ahead of a pass while a writer appends (its
   * round trip beside the append's instead of after it), or kept at the end of a pass while more writers are on their
   * way, so the next pass needs neither the read nor the lock. Freed once unused for KEPT_IDLE_MS.
   */
  private kept?: Checkpoint;
  private keptTimer?: NodeJS.Timeout;
  /** The position the store holds for the kept lock: behind kept.position until the next write (CHECKPOINT_EVERY_MS). */
  private keptStored = 0;
  private storeTimer?: NodeJS.Timeout;
  /** A step taking the lock ahead of a pass is queued. */
  private lockingAhead = false;
  /** When this process last found the lock held by another (replicas): it then takes it only when a pass needs it. */
  private contendedAt = 0;
  /** When a pass of this process last applied events it had not been handed (another process's, read from the store). */
  private sharedAt = 0;
  /**
   * Events this process's writers appended and have not seen applied yet, by position: a pass applies those that
   * follow the checkpoint it freed, one after another, without reading them back from the store.
   */
  private readonly appended = new Map<number, StoredEvent>();
  /** Passes waiting for a writer of this process to hand over the next event. */
  private waiting: (() => void)[] = [];
  /** Set by a pass that stopped at a position no writer of this process has handed over yet: `missing`. */
  private short = false;
  private missing = 0;
  /** Writers of this process between the start of their command and the hand-over of what they appended. */
  private readonly writing = new Set<Promise<void>>();
  /** The last pass's failure, given to the passes queued behind it until `until` (see FAILED_PASS_MS). */
  private failed?: { error: unknown; until: number };
  /**
   * The highest position whose rows this process has sent (under the lock): a writer waiting for its event can read
   * its rows from then on, while the pass moves the checkpoint (should that fail, the events are applied again,
   * which changes nothing).
   */
  private sent = 0;
  /**
   * The rows this process's passes sent lately, by collection and id, with the position the pass had reached: a
   * writer reads its entity back from here instead of asking the store (see sentRow).
   */
  private readonly sentRows = new Map<
    Collection<Document>,
    Map<string, { doc: Document | null; position: number }>
  >();
  private sentRowCount = 0;
  private readonly sentWaiters = new Set<{ upTo: number; resolve: (applied: number) => void }>();
  /**
   * The process holding the checkpoint's lock, as last seen in the checkpoint or heard from it (see handOver): this
   * process's writers hand it their events instead of taking the lock in turn.
   */
  private handTo?: { holder: string; until: number };
  /** When another process last handed this one events: it applies them, and tells what it applied. */
  private fedAt = 0;
  /** Writers' events gathered for the holder until the next turn of the event loop (see sendToHolder). */
  private outgoing?: { holder: string; events: StoredEvent[]; sent: Promise<boolean> };
  private readonly stopListening?: () => void;

  /**
   * `handOver`: how replicas that share the read models hand their writers' events to the one process applying
   * them (without it, each takes the checkpoint's lock in turn).
   */
  constructor(
    private readonly store: EventStore,
    private readonly models: ReadModels,
    private readonly projections: Projection[],
    private readonly logger?: Logger,
    private readonly name = 'projections',
    private readonly handOver?: ProjectionHandOver,
  ) {
    this.stopListening = handOver?.listen(name, this.holder, {
      handedOver: (events) => this.accept(events),
      applied: (news) => this.heard(news),
    });
  }

  private get checkpoints() {
    return this.models.collection<Checkpoint>('checkpoints', { compareAndSet: true });
  }

  /**
   * Serialised: concurrent callers wait for one pass over the new events. A writer passes the position of what it
   * appended: once that is applied (often by the pass of a writer before it) its wait is over, without asking the
   * store whether more came meanwhile. It may pass the events it appended too: kept until a pass applies them, they
   * are applied as they are, without reading them back from the store, once every position from the checkpoint this
   * process last freed up to them was handed over by a writer of this process (concurrent writers each hand over
   * their own; a pass waits a moment for one still appending).
   */
  catchUp(upTo?: number, appended?: readonly StoredEvent[]): Promise<number> {
    const holder = this.handTarget();
    if (holder && (upTo === undefined || appended?.length))
      return this.handOverTo(holder, upTo, appended ?? []);
    return this.catchUpHere(upTo, appended);
  }

  /** catchUp by this process's own passes. */
  private catchUpHere(upTo?: number, appended?: readonly StoredEvent[]): Promise<number> {
    if (this.appended.size >= MAX_BUFFERED)
      for (const p of this.appended.keys()) if (p <= this.reached) this.appended.delete(p);
    if (appended?.length && this.appended.size + appended.length <= MAX_BUFFERED) {
      for (const e of appended) if (e.position > this.reached) this.appended.set(e.position, e);
      for (const wake of this.waiting.splice(0)) wake();
    }
    // The wait for other writers' positions counts from the call: a caller queued behind slow passes has waited
    // already, and gets one pass, not GAP_WAIT_MS more of its own after each of theirs.
    const deadline = Date.now() + GAP_WAIT_MS;
    let holder: string | undefined;
    const run = this.chain.then(async () => {
      if (upTo !== undefined && this.reached >= upTo) return 0;
      // The lock taken ahead of this pass was found held by a process this one had not heard of yet (a replica's
      // first write): its events go to that holder, rather than wait here until the holder frees its lock.
      holder = appended?.length ? this.handTarget() : undefined;
      if (holder) return 0;
      if (this.failed && Date.now() < this.failed.until) throw this.failed.error;
      try {
        return await this.passToEnd(upTo, deadline);
      } catch (error) {
        if (!(error instanceof NotAppliedInTime)) this.failed = { error, until: Date.now() + FAILED_PASS_MS };
        throw error;
      }
    });
    this.chain = run.catch(() => undefined);
    const done = run.then((applied) => {
      if (!holder) return applied;
      for (const e of appended!) this.appended.delete(e.position);
      return this.handOverTo(holder, upTo, appended!);
    });
    if (upTo === undefined) return done;
    // Done once the rows are sent, without waiting for the checkpoint to move past them.
    let waiter: { upTo: number; resolve: (applied: number) => void } | undefined;
    const sent = new Promise<number>((resolve) => {
      if (this.sent >= upTo) return resolve(0);
      waiter = { upTo, resolve };
      this.sentWaiters.add(waiter);
    });
    done.then(
      () => waiter && this.sentWaiters.delete(waiter),
      () => waiter && this.sentWaiters.delete(waiter),
    );
    return Promise.race([done, sent]);
  }

  /**
   * The process to hand events to: one that holds the checkpoint's lock, while this one hears what it applies. Not
   * while this one holds it, or is handed events itself (two processes each taking the other for the holder apply
   * their own until one keeps the lock: the other, no longer fed, then hands to it).
   */
  private handTarget(): string | undefined {
    const to = this.handTo;
    if (!to || !this.handOver?.listening || this.kept || this.fed) return undefined;
    if (to.until > Date.now() && to.holder !== this.holder) return to.holder;
    this.handTo = undefined;
    return undefined;
  }

  /**
   * Hands a writer's events to the process holding the lock and waits to hear them applied (their rows come with the
   * news, for sentRow); without events (a reader's catch-up), asks it to apply everything stored so far. A holder
   * that is gone or silent leaves them to this process's own pass.
   */
  private async handOverTo(holder: string, upTo: number | undefined, events: readonly StoredEvent[]) {
    const target = upTo ?? (await this.store.lastPosition());
    if (this.sent >= target) return 0;
    let heard!: (applied: number) => void;
    const waiter = { upTo: target, resolve: (applied: number) => heard(applied) };
    let timer: NodeJS.Timeout | undefined;
    const applied = new Promise<boolean>((resolve) => {
      heard = () => resolve(true);
      timer = setTimeout(() => resolve(false), HAND_OVER_WAIT_MS);
    });
    this.sentWaiters.add(waiter);
    try {
      const delivered = await this.sendToHolder(holder, events);
      if (delivered && (await applied)) return events.length;
    } finally {
      clearTimeout(timer);
      this.sentWaiters.delete(waiter);
    }
    if (this.handTo?.holder === holder) this.handTo = undefined;
    return this.catchUpHere(upTo, events);
  }

  /**
   * Sends writers' events to the holder: those handed over in the same turn of the event loop (the writers an append
   * cycle answered together) go in one message, which the holder applies in one pass and answers with one piece of
   * news. A reader's request (no events: apply everything stored) goes alone.
   */
  private sendToHolder(holder: string, events: readonly StoredEvent[]): Promise<boolean> {
    const send = (batch: StoredEvent[]) => this.handOver!.send(this.name, holder, batch).catch(() => false);
    if (events.length === 0) return send([]);
    let outgoing = this.outgoing;
    if (outgoing?.holder !== holder) {
      const gathered: StoredEvent[] = [];
      const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (this.outgoing?.events === gathered) this.outgoing = undefined;
        return send(gathered);
      });
      outgoing = this.outgoing = { holder, events: gathered, sent };
    }
    outgoing.events.push(...events);
    return outgoing.sent;
  }

  /** Events another process handed to this one: applied by its own passes, then told (see tellApplied). */
  private accept(events: StoredEvent[]): void {
    this.fedAt = Date.now();
    const upTo = events.length > 0 ? Math.max(...events.map((e) => e.position)) : undefined;
    // Applied already (read from the store before they came): told at once, as no pass will tell it.
    if (upTo !== undefined && Math.max(this.sent, this.reached) >= upTo) return this.tellApplied([]);
    void this.catchUpHere(upTo, events).then(
      () => upTo === undefined && this.tellApplied([]),
      (err: unknown) =>
        this.logger?.warn({ err, checkpoint: this.name }, 'projection: handed events not applied'),
    );
  }

  /** Whether another process handed this one events lately: it keeps the lock and tells what it applies. */
  private get fed(): boolean {
    return Date.now() - this.fedAt < CONTENDED_MS;
  }

  private tellApplied(sent: SentRows[]): void {
    this.handOver?.tell(this.name, {
      holder: this.holder,
      holds: this.kept !== undefined || this.fed,
      position: Math.max(this.sent, this.reached),
      rows: sent.map(({ name, rows }) => ({ collection: name, rows: [...rows] })),
    });
  }

  /** What another process applied: its rows may be read back from here, and events are best handed to it. */
  private heard(news: AppliedNews): void {
    if (news.holder === this.holder) return;
    if (news.holds) this.handTo = { holder: news.holder, until: Date.now() + LOCK_MS / 2 };
    // Applied by the holder, whose checkpoint may move in the store only later (see CHECKPOINT_EVERY_HEARD_MS).
    this.reached = Math.max(this.reached, news.position);
    this.recordSent(
      news.rows.map(({ collection, rows }) => ({
        name: collection,
        collection: this.models.collection(collection),
        rows: new Map(rows),
      })),
      news.position,
    );
    this.rowsSent(news.position, 0);
  }

  /**
   * The row as the pass that applied the events up to `upTo` sent it (or a later pass of this process): the entity
   * as a writer's command left it, without a read. Undefined when this process did not send it so (the caller reads
   * the store).
   */
  sentRow<T extends Document>(collection: Collection<T>, id: string, upTo: number): T | undefined {
    const entry = this.sentRows.get(collection as unknown as Collection<Document>)?.get(id);
    if (!entry?.doc || entry.position < upTo) return undefined;
    return structuredClone(entry.doc) as T;
  }

  /** A pass's rows are in the store up to `position`: kept for its writers, and told to the processes that feed it. */
  private passSent(sent: SentRows[], position: number, applied: number) {
    this.recordSent(sent, position);
    this.rowsSent(position, applied);
    if (this.fed) this.tellApplied(sent);
  }

  private recordSent(sent: SentRows[], position: number) {
    if (this.sentRowCount > MAX_SENT_ROWS) {
      this.sentRows.clear();
      this.sentRowCount = 0;
    }
    for (const { collection, rows } of sent) {
      let byId = this.sentRows.get(collection);
      if (!byId) this.sentRows.set(collection, (byId = new Map()));
      for (const [id, doc] of rows) {
        if (!byId.has(id)) this.sentRowCount++;
        byId.set(id, { doc, position });
      }
    }
  }

  /** Rows sent up to `position` (by a pass that applied `applied` events): the writers waiting for it may read them. */
  private rowsSent(position: number, applied: number) {
    this.sent = Math.max(this.sent, position);
    for (const w of this.sentWaiters)
      if (w.upTo <= this.sent) {
        this.sentWaiters.delete(w);
        w.resolve(applied);
      }
  }

  /**
   * A writer of this process calls this before its command and the returned function once it has handed its events
   * over (or appended nothing). A pass that finds a position missing waits for the writers that were busy then: the
   * position is one of theirs, or, once they are all done, another process's, and only then is the store read.
   */
  beginAppend(): () => void {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.writing.add(done);
    this.lockAhead();
    return () => {
      this.writing.delete(done);
      end();
    };
  }

  /**
   * Queues the taking of the checkpoint's lock, so that it runs while the writer appends: the writer's pass then
   * starts with it. Not while the lock is kept already, nor while another process was found holding it lately.
   */
  private lockAhead(): void {
    if (this.kept || this.lockingAhead || Date.now() - this.contendedAt < CONTENDED_MS || this.handTarget())
      return;
    this.lockingAhead = true;
    this.chain = this.chain
      .then(async () => {
        this.lockingAhead = false;
        if (this.usableKept() || (this.failed && Date.now() < this.failed.until)) return;
        const own = this.freed;
        this.freed = undefined;
        const read = own ?? (await this.checkpoints.get(this.name));
        this.reached = Math.max(this.reached, read?.position ?? 0);
        const lock = await this.lock(read);
        if (lock) this.keep(lock, lock.position);
        else this.contended(read);
      })
      .catch(() => {
        this.lockingAhead = false;
      });
  }

  /** The kept lock, when its lease has more than half of LOCK_MS left (a pass renews it as it goes). */
  private usableKept(): Checkpoint | undefined {
    if (this.kept && (this.kept.lockedUntil ?? 0) - Date.now() > LOCK_MS / 2) return this.kept;
    this.kept = undefined;
    return undefined;
  }

  /**
   * Keeps the lock between passes, and frees it once no pass used it for a while (KEPT_IDLE_MS, or longer alone or
   * heard). `stored`: the position the store holds for it; when behind, it is written within CHECKPOINT_EVERY_MS (or
   * CHECKPOINT_EVERY_HEARD_MS).
   */
  private keep(lock: Checkpoint, stored: number): void {
    this.kept = lock;
    this.keptStored = stored;
    this.freed = undefined;
    clearTimeout(this.keptTimer);
    const alone = this.alone || this.fed;
    const heard = alone && this.handOver?.listening === true;
    this.keptTimer = setTimeout(
      () => {
        this.chain = this.chain.then(() => this.freeKept()).catch(() => undefined);
      },
      heard ? KEPT_IDLE_HEARD_MS : alone ? KEPT_IDLE_ALONE_MS : KEPT_IDLE_MS,
    );
    this.keptTimer.unref();
    if (stored < lock.position && !this.storeTimer) {
      this.storeTimer = setTimeout(
        () => {
          this.storeTimer = undefined;
          this.chain = this.chain.then(() => this.storeKept()).catch(() => undefined);
        },
        heard ? CHECKPOINT_EVERY_HEARD_MS : CHECKPOINT_EVERY_MS,
      );
      this.storeTimer.unref();
    }
  }

  /**
   * Whether no other process has been seen applying or appending lately (neither holding the lock nor appending events
   * this one read back): a lone process keeps the lock after each pass and writes the checkpoint at most every
   * CHECKPOINT_EVERY_MS; replicas move it at every pass and free it soon, so each sees the other's writes at once.
   */
  private get alone(): boolean {
    const now = Date.now();
    return now - this.contendedAt >= CONTENDED_MS && now - this.sharedAt >= CONTENDED_MS;
  }

  /** Writes the kept lock's position (and renews its lease) when the store holds an older one. */
  private async storeKept(): Promise<void> {
    const kept = this.kept;
    if (!kept || this.keptStored >= kept.position) return;
    const renewed: Checkpoint = { ...kept, lockedUntil: Date.now() + LOCK_MS };
    if (await this.checkpoints.putIf(renewed, { position: this.keptStored, lockedBy: this.holder })) {
      if (this.kept === kept) this.kept = renewed;
      this.keptStored = renewed.position;
    } else {
      this.kept = undefined;
      this.lockLost(0);
    }
  }

  /**
   * Frees the kept lock at its position (a replica may take it then); kept on while writers are still appending, or
   * have handed over events whose pass is queued behind this step.
   */
  private async freeKept(): Promise<void> {
    const kept = this.kept;
    if (!kept) return;
    if (this.writersOnTheirWay(kept.position)) return this.keep(kept, this.keptStored);
    this.kept = undefined;
    const free: Checkpoint = { id: this.name, position: kept.position, lockedBy: null, lockedUntil: 0 };
    if (await this.checkpoints.putIf(free, { position: this.keptStored, lockedBy: this.holder }))
      this.freed = free;
  }

  /**
   * The position of the last event applied to the read models: the checkpoint (shared by every replica that shares
   * them), or further when this process applied more and has not written its kept lock's position yet.
   */
  async position(): Promise<number> {
    const position = (await this.checkpoints.get(this.name))?.position ?? 0;
    this.reached = Math.max(this.reached, position);
    return this.reached;
  }

  /**
   * A pass, then more while the store holds events past the checkpoint. With several writers (replicas) a position
   * another process reserved and has not written yet stops a pass short of this process's own new event, which its
   * caller is about to read; the wait is bounded (the store skips a hole its writer abandoned after a while).
   */
  private async passToEnd(upTo: number | undefined, deadline: number): Promise<number> {
    const buffering = Date.now() + BUFFER_WAIT_MS;
    let applied = await this.pass(true, upTo);
    // The writers busy when a pass first stopped short: the missing position is one of theirs or another process's.
    let busy: Set<Promise<void>> | undefined;
    for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
      if (upTo !== undefined && this.reached >= upTo) break;
      if (this.short) busy ??= new Set(this.writing);
      if (busy) for (const w of busy) if (!this.writing.has(w)) busy.delete(w);
      const ownStillAppending = (busy?.size ?? 0) > 0;
      // A missing position the store says another process reserved (a replica's) is read from the store at once:
      // waiting for this process's writers would not bring it.
      // Unless other processes hand this one their events: the position is then on its way here too.
      const foreign = this.short && !this.fed && this.store.reservedHere?.(this.missing) === false;
      if (this.short && !foreign && (ownStillAppending || Date.now() < buffering)) {
        if (ownStillAppending) await this.handedOver(deadline - Date.now(), Promise.all(busy!));
        else await this.handedOver(buffering - Date.now());
        applied += await this.pass(true, upTo);
        continue;
      }
      // A caller's position not reached yet lies past the checkpoint, so the store has more: asked, it would cost
      // reads at every try while a replica's append is on its way.
      if (upTo === undefined && (await this.store.lastPosition()) <= (await this.position())) break;
      await this.handedOver(delay);
      applied += await this.pass(false, upTo);
    }
    // A caller about to read its own write must not read past it: say so instead (runCommand answers that the
    // write was saved and cannot be shown yet).
    if (upTo !== undefined && this.reached < upTo && (await this.position()) < upTo)
      throw new NotAppliedInTime(`${this.name}: position ${upTo} not applied within ${GAP_WAIT_MS} ms`);
    return applied;
  }

  /** Resolves when a writer of this process hands over events, when `until` settles, or after `ms`. */
  private handedOver(ms: number, until?: Promise<unknown>): Promise<void> {
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((w) => w !== stop);
        resolve();
      };
      const timer = setTimeout(stop, ms);
      this.waiting.push(stop);
      void until?.then(stop);
    });
  }

  /** The handed-over events right after `position`, one after another; forgets those at or before it. */
  private handedOverAfter(position: number): StoredEvent[] {
    for (const p of this.appended.keys()) if (p <= position) this.appended.delete(p);
    const run: StoredEvent[] = [];
    for (let next = this.appended.get(position + 1); next; next = this.appended.get(next.position + 1))
      run.push(next);
    return run;
  }

  /**
   * Applies the events past the checkpoint. Replicas share the checkpoint, so each batch is applied under its lock,
   * taken with a compare-and-set from the position read; the checkpoint then moves (and the lock is freed) with a
   * compare-and-set too, so it never goes backwards. A process that finds the lock taken waits and re-reads
   * instead of applying the same events beside the other (an event applied by both at once could undo a later one
   * the other already applied, e.g. re-create a deleted row).
   */
  private async pass(waitForWriters = false, upTo?: number): Promise<number> {
    let applied = 0;
    this.short = false;
    for (let wait = 5; ;) {
      // A lock this process holds: nobody else can have moved the checkpoint.
      const held = this.usableKept();
      const heldStored = this.keptStored;
      this.kept = undefined;
      const own = held ?? this.freed;
      this.freed = undefined;
      const unused = () => (held ? this.keep(held, heldStored) : (this.freed = own));
      const read = own ?? (await this.checkpoints.get(this.name));
      this.reached = Math.max(this.reached, read?.position ?? 0);
      if (!own && this.lockedByAnother(read)) {
        // Another process is applying: the events are not read meanwhile (on FerretDB a long read is a scan of
        // every commit, which a replica waiting for the lock would make again at every try).
        this.contended(read);
        if (upTo !== undefined && this.reached >= upTo) return applied;
        // A caller's position not reached yet lies past the checkpoint, so the store has more: asking it would be one
        // more read per try, while another process holds the lock at every try under load.
        if (upTo === undefined && (await this.store.lastPosition()) <= (read?.position ?? 0)) return applied;
        await sleep(wait);
        wait = Math.min(wait * 2, LOCK_RETRY_MAX_MS);
        continue;
      }
      // Writers' events handed over, when nothing can lie between the checkpoint and them (a stale checkpoint fails
      // the lock below, and the pass reads the store, so a retry reads what is really there).
      const next = own ? this.handedOverAfter(own.position) : [];
      if (own && next.length === 0 && waitForWriters && this.appended.size > 0) {
        // A writer of this process is still appending the next position: wait for it rather than read the store.
        unused();
        this.short = true;
        this.missing = own.position + 1;
        return applied;
      }
      if (next.length === 0) waitForWriters = false;
      const events =
        next.length > 0 ? next : await this.store.readAll(read?.position ?? 0, 500, this.appended);
      if (next.length === 0 && events.some((e) => !this.appended.has(e.position))) this.sharedAt = Date.now();
      if (events.length === 0) {
        unused();
        return applied;
      }
      const lock = held ?? (await this.lock(read));
      if (!lock) {
        this.contended(read);
        // The caller's events were applied by the process holding the lock: nothing left to wait for.
        if (upTo !== undefined && this.reached >= upTo) return applied;
        // Another process moved the checkpoint since this one freed it (read it again at once), or is applying
        // these events (re-read once it moved the checkpoint).
        if (!own) await sleep(wait);
        wait = own ? wait : Math.min(wait * 2, LOCK_RETRY_MAX_MS);
        continue;
      }
      wait = 5;
      const done = await this.applyLocked(events, lock, held ? heldStored : lock.position);
      applied += done;
      // Handed-over events past a position not handed over yet: go on with them, or wait for that position.
      if (next.length > 0 && done === next.length) {
        for (const e of next) this.appended.delete(e.position);
        if (this.appended.size > 0) continue;
      }
      if (done === events.length && events.length < 500) return applied; // a short page was the end
    }
  }

  /** Another process holds the lock (as `read` shows, when it does): this one's writers hand their events to it. */
  private contended(read?: Checkpoint | null): void {
    this.contendedAt = Date.now();
    if (read && this.lockedByAnother(read))
      this.handTo = { holder: read.lockedBy!, until: read.lockedUntil! };
  }

  /** Whether the checkpoint as read is locked by another process, and its lock has not run out. */
  private lockedByAnother(read: Checkpoint | null): boolean {
    return Boolean(read?.lockedBy && read.lockedBy !== this.holder && (read.lockedUntil ?? 0) > Date.now());
  }

  /** Takes the checkpoint's lock at the position read; null when another process holds it or got it first. */
  private async lock(read: Checkpoint | null): Promise<Checkpoint | null> {
    const now = Date.now();
    if (this.lockedByAnother(read)) return null;
    const locked: Checkpoint = {
      id: this.name,
      position: read?.position ?? 0,
      lockedBy: this.holder,
      lockedUntil: now + LOCK_MS,
    };
    const expected = read ? { position: read.position, lockedBy: read.lockedBy ?? null } : null;
    return (await this.checkpoints.putIf(locked, expected)) ? locked : null;
  }

  /**
   * Applies the events under the lock and moves the checkpoint past them; returns how many it applied. The rows
   * they write are sent together (PassWrites) before the checkpoint moves: it never passes a write not yet sent.
   */
  private async applyLocked(events: StoredEvent[], lock: Checkpoint, storedAt: number): Promise<number> {
    let held = lock;
    let stored = storedAt;
    let applied = 0;
    const writes = new PassWrites(this.models);
    // Frees the lock at the position reached (kept when more remains to do); false when the lock was taken over.
    const advance = async (position: number, keep: boolean) => {
      const next: Checkpoint = keep
        ? { ...held, position, lockedUntil: Date.now() + LOCK_MS }
        : { id: this.name, position, lockedBy: null, lockedUntil: 0 };
      const ok = await this.checkpoints.putIf(next, { position: stored, lockedBy: this.holder });
      held = next;
      stored = position;
      if (ok) this.reached = Math.max(this.reached, position);
      this.freed = ok && !keep ? next : undefined;
      return ok;
    };
    try {
      for (const event of events) {
        for (const p of this.projections) await p.apply(event, writes);
        applied++;
        if (applied < events.length && Date.now() > (held.lockedUntil ?? 0) - LOCK_MS / 2) {
          this.passSent(await writes.flush(), event.position, applied);
          if (!(await advance(event.position, true))) return this.lockLost(applied);
        }
      }
      this.passSent(await writes.flush(), events[events.length - 1]!.position, applied);
    } catch (err) {
      // Leave what was applied recorded and the lock free, so this or another process carries on from there: the
      // checkpoint moves past the applied events only once their writes are sent (a failed send is kept to retry).
      const sent =
        applied > 0 &&
        (await writes.flush().then(
          () => true,
          () => false,
        ));
      const position = sent ? events[applied - 1]!.position : held.position;
      await advance(position, false).catch(() => undefined);
      throw err;
    }
    // Alone, the lock is kept for the passes that follow (freed once unused for a while), and the checkpoint moves in
    // memory only, written within CHECKPOINT_EVERY_MS (see keep), while the lease has time left: under load the next
    // writers' passes, or the next batch of a reaction, need no lock and no write of their own.
    const last = events[events.length - 1]!.position;
    const more = this.writersOnTheirWay(last);
    if ((this.alone || this.fed) && (held.lockedUntil ?? 0) - Date.now() > LOCK_MS / 2) {
      this.reached = Math.max(this.reached, last);
      this.keep({ ...held, position: last }, stored);
      return applied;
    }
    if (!(await advance(last, more))) return this.lockLost(applied);
    if (more) this.keep(held, last);
    return applied;
  }

  /** Writers of this process still appending, or whose events past `position` are handed over and not applied. */
  private writersOnTheirWay(position: number): boolean {
    if (this.writing.size > 0) return true;
    for (const p of this.appended.keys()) if (p > position) return true;
    return false;
  }

  private lockLost(applied: number): number {
    this.logger?.warn(
      { checkpoint: this.name },
      'projection: the checkpoint lock expired and was taken over; re-reading',
    );
    return applied;
  }

  /**
   * Empties the read models and applies every event again. With `scratch` (empty read models in memory), the events
   * are applied there, where a write costs no round trip, and each collection is then copied over in a few bulk
   * writes: a rebuild on a server then takes one pass over the events and one over the documents.
   */
  rebuild(scratch?: ReadModels): Promise<number> {
    return Projector.rebuildTogether([this], scratch);
  }

  /**
   * Rebuilds several projectors of one store (a service's projections and its reports) in one pass over the events:
   * each one's read models emptied, and its checkpoint moved to the end once its collections are written.
   */
  static async rebuildTogether(projectors: Projector[], scratch?: ReadModels): Promise<number> {
    const [first] = projectors;
    if (!first) return 0;
    const run = Promise.all(projectors.map((p) => p.chain)).then(async () => {
      for (const p of projectors) await p.reset();
      let n: number;
      let position: number;
      if (scratch) {
        const all = projectors.flatMap((p) => p.projections);
        const inMemory = new Projector(first.store, scratch, all, first.logger, first.name);
        n = await inMemory.pass();
        position = await inMemory.position();
        await inMemory.close();
        for (const p of projectors) {
          for (const projection of p.projections)
            for (const c of projection.collections) {
              const docs = await scratch.collection(c).find();
              if (docs.length > 0) await p.models.collection(c).putMany(docs);
            }
          if (position > 0)
            await p.checkpoints.putIf({ id: p.name, position, lockedBy: null, lockedUntil: 0 }, null);
          p.reached = position;
        }
      } else {
        n = 0;
        for (const p of projectors) n = Math.max(n, await p.pass());
      }
      first.logger?.info({ events: n }, 'read models rebuilt');
      return n;
    });
    for (const p of projectors) p.chain = run.catch(() => undefined);
    return run;
  }

  /** Its read models emptied and its checkpoint deleted, as before any event. */
  private async reset() {
    for (const p of this.projections) for (const c of p.collections) await this.models.collection(c).clear();
    await this.checkpoints.delete(this.name);
    this.reached = 0;
    this.sent = 0;
    this.sentRows.clear();
    this.sentRowCount = 0;
    this.freed = undefined;
    this.kept = undefined;
    clearTimeout(this.keptTimer);
    clearTimeout(this.storeTimer);
    this.storeTimer = undefined;
  }

  /** Frees a lock this process keeps (at shutdown: a replica, or this service started again, need not wait it out). */
  async close(): Promise<void> {
    this.stopListening?.();
    clearTimeout(this.keptTimer);
    clearTimeout(this.storeTimer);
    const done = this.chain.then(() => this.freeKept());
    this.chain = done.catch(() => undefined);
    await done.catch(() => undefined);
  }
}
