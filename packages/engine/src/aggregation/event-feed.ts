import { type Either, left } from 'fp-ts/lib/Either.js';
import { describeThrown, type FeecastError, feecastError } from '../core/index';
import type { UsageEvent } from './event';

/**
 * Events that arrive asynchronously: an `AsyncIterable` (an async generator, a Node stream of
 * objects, a database cursor) or a web `ReadableStream` of usage events. Every operation that
 * takes events takes these too, and then answers with a `Promise` of what it answers for an
 * iterable, reading the stream once, as it comes.
 */
export type AsyncEvents<E = UsageEvent> = AsyncIterable<E> | StreamOf<E>;

/**
 * A web `ReadableStream`, as far as the engine reads one (the engine does not depend on the
 * DOM's types): its reader.
 *
 * @inline
 */
export interface StreamOf<E> {
  getReader(): {
    read(): Promise<
      | { readonly done: true; readonly value?: undefined }
      | { readonly done: false; readonly value: E }
    >;
    releaseLock(): void;
  };
}

/**
 * Whether `value` is an asynchronous source of events ({@link AsyncEvents}) and not a
 * synchronous iterable (an array, a generator, a columnar batch).
 *
 * @example
 * isAsyncEvents((async function* () {})()) // true
 * isAsyncEvents([])                        // false
 */
export function isAsyncEvents(value: unknown): value is AsyncEvents<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if (typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function') return false;
    if (typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function') {
      return true;
    }
    return typeof (value as Partial<StreamOf<unknown>>).getReader === 'function';
  } catch {
    // A proxy or getter that throws is no stream: the synchronous path reports it.
    return false;
  }
}

/** What a stage does with each event it reads. */
export type EventVisitor = (event: UsageEvent) => void;

/**
 * The events of an operation given asynchronously, as its stages see them: the caller's
 * stream is read by the operation's driver ({@link driveAsync}), and each stage between the
 * caller and the reader of the events (a subscription's filter) adds its step to `wrap`.
 * @internal
 */
export interface EventFeed {
  readonly kind: 'event-feed';
  /** The visitor of the caller's events that hands what the reading stage sees to `visit`. */
  wrap(visit: EventVisitor): (event: unknown) => void;
}

/** The caller's events as they are. */
const DIRECT: EventFeed = {
  kind: 'event-feed',
  wrap: (visit) => visit as (event: unknown) => void,
};

/**
 * The feed of an operation's asynchronous events, as its first stage receives them.
 * @internal
 */
export function eventFeed(): EventFeed {
  return DIRECT;
}

/**
 * Whether `value` is an {@link EventFeed}.
 * @internal
 */
export function isEventFeed(value: unknown): value is EventFeed {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<EventFeed>).kind === 'event-feed'
  );
}

/**
 * A feed of what `step` makes of each event of `feed` (a filter that keeps the positions, as
 * `subscriptionEvents` does for an iterable).
 *
 * @example
 * mapFeed(eventFeed(), (event) => ofSubscription(event) ? event : NO_EVENT)
 * @internal
 */
export function mapFeed(feed: EventFeed, step: (event: unknown) => UsageEvent): EventFeed {
  return {
    kind: 'event-feed',
    wrap: (visit) => feed.wrap((event) => visit(step(event))),
  };
}

/**
 * What a stage that reads events asks its driver: to hand every event of the caller's stream to
 * `visit`, then resume it.
 * @internal
 */
export interface FeedRequest {
  readonly visit: (event: unknown) => void;
}

/**
 * The steps of a computation that reads events once, at one point: it yields one
 * {@link FeedRequest} when its events are an {@link EventFeed}, none when they are an iterable.
 * @internal
 */
export type Feeding<T> = Generator<FeedRequest, T, void>;

/**
 * Reads `events` once, each event to `visit`: an iterable now, an {@link EventFeed} by asking
 * the driver (one `yield`). The one place a stage loops over its events.
 *
 * @example
 * function* total(events) { let n = 0; yield* readEvents(events, () => { n++; }); return n; }
 * @internal
 */
export function* readEvents(
  events: Iterable<UsageEvent> | EventFeed,
  visit: EventVisitor,
): Feeding<void> {
  if (isEventFeed(events)) {
    yield { visit: events.wrap(visit) };
    return;
  }
  for (const event of events) visit(event);
}

/**
 * Runs steps whose events are iterables (they never ask for a feed): their answer.
 *
 * @example
 * driveSync(totalSteps([e1, e2])) // 2
 * @internal
 */
export function driveSync<T>(steps: Feeding<T>): T {
  const next = steps.next();
  if (next.done === true) return next.value;
  // Defect guard: a feed reaches steps only through driveAsync.
  throw new Error('A stage asked for asynchronous events on a synchronous call.');
}

/**
 * Each event of an asynchronous source, in order; a web stream through its reader.
 * @internal
 */
export async function* eventsOf(source: AsyncEvents<unknown>): AsyncGenerator<unknown, void, void> {
  if (typeof (source as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function') {
    yield* source as AsyncIterable<unknown>;
    return;
  }
  const reader = (source as StreamOf<unknown>).getReader();
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) return;
      yield read.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Runs steps that read `source` (their events an {@link EventFeed}): the source is read once,
 * as it comes, every event handed to the stage that asked; a source that fails, or steps that
 * ask twice (a stream is read once), end in a `Left` that says so, never a rejected promise.
 *
 * @example
 * await driveAsync(usageSteps({ ...input, events: eventFeed() }), stream) // right({ ... })
 * @internal
 */
export async function driveAsync<A>(
  steps: Feeding<Either<FeecastError, A>>,
  source: AsyncEvents<unknown>,
): Promise<Either<FeecastError, A>> {
  let next = steps.next();
  let read = false;
  while (next.done !== true) {
    if (read) {
      return left(
        feecastError(
          'invalid_input',
          'This operation would read its events twice, which a stream cannot give: pass an array or a columnar batch (eventBatch).',
          ['events'],
        ),
      );
    }
    read = true;
    const { visit } = next.value;
    try {
      for await (const event of eventsOf(source)) visit(event);
    } catch (thrown) {
      return left(
        feecastError(
          'invalid_input',
          `The event stream failed: ${describeThrown(thrown)}. Nothing was priced; fix the source and call again.`,
          ['events'],
          { thrown: describeThrown(thrown) },
        ),
      );
    }
    next = steps.next();
  }
  return next.value;
}

/**
 * An input whose `events` may be an {@link EventFeed}: what an operation's steps take.
 * @internal
 */
export type Fed<I extends { readonly events?: unknown }> = Omit<I, 'events'> & {
  readonly events: I['events'] | EventFeed;
};

/** An operation's input with its events given asynchronously ({@link AsyncEvents}). */
export type WithAsyncEvents<I extends { readonly events?: unknown }> = Omit<I, 'events'> & {
  readonly events: AsyncEvents<
    I['events'] extends Iterable<infer E> | null | undefined ? E : UsageEvent
  >;
};

/**
 * Runs an operation's steps on its input: now, for events given as an iterable (or none);
 * as a `Promise`, reading the stream once, for events given asynchronously.
 *
 * @example
 * withEvents(input, usageSteps) // right({ ... }), or a Promise of it for an async stream
 * @internal
 */
export function withEvents<I extends { readonly events?: unknown }, A>(
  input: I | WithAsyncEvents<I>,
  steps: (input: Fed<I>) => Feeding<Either<FeecastError, A>>,
): Either<FeecastError, A> | Promise<Either<FeecastError, A>> {
  const events =
    typeof input === 'object' && input !== null
      ? (input as { events?: unknown }).events
      : undefined;
  if (isAsyncEvents(events)) {
    return driveAsync(steps({ ...input, events: eventFeed() } as Fed<I>), events);
  }
  return driveSync(steps(input as Fed<I>));
}
