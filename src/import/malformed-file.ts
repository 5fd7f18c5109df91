/** A file that is not what its format says (iCalendar, CSV): refused as a whole with its line (400). */
export class MalformedFile extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}
