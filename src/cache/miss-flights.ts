import type { ServerResponse } from 'node:http';

/**
 * The request currently computing each missing answer, per key, with the generation it read (DataFreshness):
 * other requests missing the same answer at that generation or an earlier one wait for it instead of
 * computing it again (after a write, every reader of a popular list misses at once). Its data was read
 * after it reached that generation, so its answer is as fresh as theirs would be.
 */
export class MissFlights {
  private readonly flights = new Map<string, { generation: number; done: Promise<void> }>();

  /** Settles when the request computing `key` at `generation` or later has ended; undefined when none is. */
  wait(key: string, generation: number): Promise<void> | undefined {
    const flight = this.flights.get(key);
    return flight && flight.generation >= generation ? flight.done : undefined;
  }

  /** `res` computes `key` at `generation` until it closes (answered, failed or cut off). */
  lead(key: string, generation: number, res: ServerResponse): void {
    const done = new Promise<void>((resolve) => res.once('close', () => resolve()));
    this.flights.set(key, { generation, done });
    void done.then(() => {
      if (this.flights.get(key)?.done === done) this.flights.delete(key);
    });
  }
}
