import type { ServerResponse } from 'node:http';

/**
 * The request currently computing each missing answer, per key and data version: other requests
 * missing the same answer at the same version wait for it instead of computing it again (after a
 * write, every reader of a popular list misses at once). Its data was read after it saw that version,
 * so its answer is as fresh as theirs would be.
 */
export class MissFlights {
  private readonly flights = new Map<string, { version: number; done: Promise<void> }>();

  /** Settles when the request computing `key` at `version` has ended; undefined when none is. */
  wait(key: string, version: number): Promise<void> | undefined {
    const flight = this.flights.get(key);
    return flight?.version === version ? flight.done : undefined;
  }

  /** `res` computes `key` at `version` until it closes (answered, failed or cut off). */
  lead(key: string, version: number, res: ServerResponse): void {
    const done = new Promise<void>((resolve) => res.once('close', () => resolve()));
    this.flights.set(key, { version, done });
    void done.then(() => {
      if (this.flights.get(key)?.done === done) this.flights.delete(key);
    });
  }
}
