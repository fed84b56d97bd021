import type { ClientToServerEvents, ServerToClientEvents } from '@sayspell/core/protocol/socket';
import type { AppSocket } from '../realtime/socket.ts';

// a stand-in for realtime/socket.ts in component tests: records what the page emits, answers
// acknowledgements from a table, and lets a test play the server's events. it is typed by the
// protocol: a test cannot serve an event the server never sends, nor answer with another shape.
// use: vi.mock('<path>/realtime/socket.ts', () => import('<path>/test/fake-socket.ts'))

type PayloadOf<F> = F extends (payload: infer P, ...rest: never[]) => void ? P : never;
type AckOf<F> = F extends (payload: never, ack: (answer: infer A) => void) => void ? A : never;

/** what the page sent: one entry per emit, its payload the protocol's for that event */
export type Emitted<C> = { [E in keyof C]: { event: E; payload: PayloadOf<C[E]> } }[keyof C];

/** the fake server's answer to a client event */
export type Answers<C> = { [E in keyof C]?: (payload: PayloadOf<C[E]>) => AckOf<C[E]> };

type Listener = (...args: never[]) => void;

export class FakeSocket<S = ServerToClientEvents, C = ClientToServerEvents> {
  connected = true;
  active = true;
  readonly emitted: Emitted<C>[] = [];
  /** acknowledgement per client event; events without one are never acknowledged */
  answers: Answers<C> = {};
  /** events whose acknowledgement is lost: a timeout() waiting for one runs out at once */
  lost = new Set<keyof C>();
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(fn);
    return this;
  }

  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }

  emit<E extends keyof C & string>(event: E, payload: PayloadOf<C[E]>, ack?: (answer: AckOf<C[E]>) => void) {
    this.emitted.push({ event, payload } as Emitted<C>);
    const answer = this.answers[event];
    if (ack && answer) queueMicrotask(() => ack(answer(payload)));
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: <E extends keyof C & string>(event: E, payload: PayloadOf<C[E]>) =>
        new Promise<AckOf<C[E]>>((resolve, reject) => {
          this.emit(event, payload, resolve);
          if (this.lost.has(event)) queueMicrotask(() => reject(new Error('operation has timed out')));
        }),
    };
  }

  connect() {
    return this;
  }

  disconnect() {
    return this;
  }

  /** the server sends `event` */
  serve<E extends keyof S & string>(event: E, payload: PayloadOf<S[E]>) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) (fn as (p: unknown) => void)(payload);
  }

  /** socket.io's own events: the connection is (re)made */
  reconnect() {
    for (const fn of [...(this.listeners.get('connect') ?? [])]) (fn as () => void)();
  }

  /** socket.io's own event: the connection is lost (the network went away) */
  drop(reason = 'transport close') {
    for (const fn of [...(this.listeners.get('disconnect') ?? [])]) (fn as (r: string) => void)(reason);
  }

  /** how many times the page emitted `event` */
  count(event: keyof C): number {
    return this.emitted.filter((e) => e.event === event).length;
  }

  listening(event: keyof S | 'connect'): boolean {
    return (this.listeners.get(event as string)?.size ?? 0) > 0;
  }

  /** what the page emitted for one event, in order */
  sent<E extends keyof C>(event: E): PayloadOf<C[E]>[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload as PayloadOf<C[E]>);
  }

  /** the fake where a hook takes the app's socket */
  asAppSocket(): AppSocket {
    return this as unknown as AppSocket;
  }
}

let current = new FakeSocket();

/** a fresh socket for the next test */
export function resetFakeSocket(): FakeSocket {
  current = new FakeSocket();
  return current;
}

export function fakeSocket(): FakeSocket {
  return current;
}

// the module's real exports, faked
export const acquireSocket = () => current;
export const sharedSocket = () => current;
export const releaseSocket = () => {};
export const disconnectSocket = () => {};
