interface ClientAttempts {
  /** Attempts of the client under way on this instance (waiting, being admitted or checked). */
  present: number;
  checking: number;
  /** Checks ended so far (kept while any attempt is present): a change means a place may be back. */
  ended: number;
  waiting: Array<() => void>;
}

/**
 * This instance's login attempts per client. The ones whose password is being checked hold a place
 * in the throttle's window until they end, and the successful ones give theirs back, so an attempt
 * that found the window full waits here for a check to end rather than be refused while a burst of
 * right logins is still under way (login-throttle.service.ts).
 */
export class AttemptsInFlight {
  private readonly clients = new Map<string, ClientAttempts>();

  enter(client: string): void {
    let entry = this.clients.get(client);
    if (!entry) this.clients.set(client, (entry = { present: 0, checking: 0, ended: 0, waiting: [] }));
    entry.present++;
  }

  leave(client: string): void {
    const entry = this.entry(client);
    if (--entry.present === 0) this.clients.delete(client);
  }

  checking(client: string): number {
    return this.entry(client).checking;
  }

  ended(client: string): number {
    return this.entry(client).ended;
  }

  start(client: string): void {
    this.entry(client).checking++;
  }

  /**
   * One check of `client` ended; `freed` when it gave its place back. A freed place wakes the next
   * waiter; the last check ending wakes them all (no place of theirs can come back any more).
   */
  end(client: string, freed: boolean): void {
    const entry = this.entry(client);
    entry.checking--;
    entry.ended++;
    const woken = entry.checking === 0 ? entry.waiting.splice(0) : freed ? entry.waiting.splice(0, 1) : [];
    for (const wake of woken) wake();
  }

  /** Resolves when one of the client's checks ends with its place given back, or the last one ends. */
  wait(client: string): Promise<void> {
    return new Promise((resolve) => this.entry(client).waiting.push(resolve));
  }

  /** Only called between enter() and leave(), so the entry exists. */
  private entry(client: string): ClientAttempts {
    return this.clients.get(client)!;
  }
}
