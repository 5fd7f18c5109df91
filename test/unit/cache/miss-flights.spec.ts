import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { MissFlights } from '../../../src/cache/miss-flights';

const response = () => new EventEmitter() as unknown as ServerResponse;

describe('MissFlights', () => {
  it('lets requests missing the same answer at the same generation or an earlier one wait for the one computing it, until it closes', async () => {
    const flights = new MissFlights();
    const res = response();
    expect(flights.wait('k', 3)).toBeUndefined();
    flights.lead('k', 3, res);
    const waiting = flights.wait('k', 3);
    expect(waiting).toBeInstanceOf(Promise);
    // A request that read an earlier generation may use the answer; a later one or another key: its own computation.
    expect(flights.wait('k', 2)).toBeInstanceOf(Promise);
    expect(flights.wait('k', 4)).toBeUndefined();
    expect(flights.wait('other', 3)).toBeUndefined();
    let settled = false;
    void waiting!.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    res.emit('close');
    await waiting;
    expect(settled).toBe(true);
    expect(flights.wait('k', 3)).toBeUndefined();
  });

  it('keeps the newer leader when an older one closes after it took over the key', async () => {
    const flights = new MissFlights();
    const older = response();
    const newer = response();
    flights.lead('k', 3, older);
    flights.lead('k', 4, newer);
    older.emit('close');
    await new Promise((resolve) => setImmediate(resolve));
    expect(flights.wait('k', 4)).toBeInstanceOf(Promise);
  });
});
