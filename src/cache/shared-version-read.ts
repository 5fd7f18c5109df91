/**
 * One read of the data version shared by every request waiting for it. A request may only use a read
 * that began after it arrived: a read already under way may predate a write whose answer the client
 * has seen. So a request arriving during a read waits for the next one, which all such requests share
 * — under load about one version query per database round trip instead of one per request.
 */
export class SharedVersionRead {
  private current?: Promise<number | undefined>;
  private next?: Promise<number | undefined>;

  read(query: () => Promise<number | undefined>): Promise<number | undefined> {
    if (!this.current) return this.start(query);
    const settled = () => undefined;
    this.next ??= this.current.then(settled, settled).then(() => {
      this.next = undefined;
      return this.start(query);
    });
    return this.next;
  }

  private start(query: () => Promise<number | undefined>): Promise<number | undefined> {
    const read = query();
    this.current = read;
    const done = () => {
      if (this.current === read) this.current = undefined;
    };
    read.then(done, done);
    return read;
  }
}
