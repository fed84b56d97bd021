// a stand-in for realtime/socket.ts in component tests: records what the page emits, answers
// acknowledgements from a table, and lets a test play the server's events.
// use: vi.mock('<path>/realtime/socket.ts', () => import('<path>/test/fake-socket.ts'))

type Listener = (payload: never) => void;
type Answer = (payload: Record<string, unknown>) => unknown;

export class FakeSocket {
  connected = true;
  active = true;
  readonly emitted: { event: string; payload: Record<string, unknown> }[] = [];
  /** acknowledgement per client event; events without one are never acknowledged */
  answers: Record<string, Answer> = {};
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }

  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }

  emit(event: string, payload: Record<string, unknown>, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload });
    const answer = this.answers[event];
    if (ack && answer) queueMicrotask(() => ack(answer(payload)));
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, payload: Record<string, unknown>) =>
        new Promise((resolve) => this.emit(event, payload, resolve)),
    };
  }

  connect() {
    return this;
  }

  disconnect() {
    return this;
  }

  /** the server sends `event` */
  serve(event: string, payload: unknown) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) (fn as (p: unknown) => void)(payload);
  }

  /** how many times the page emitted `event` */
  count(event: string): number {
    return this.emitted.filter((e) => e.event === event).length;
  }

  listening(event: string): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
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
export const releaseSocket = () => {};
