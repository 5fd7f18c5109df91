/**
 * A handler's answer already serialised in a media type of its own (an HTML page, an iCalendar feed):
 * sent as it is, with the ETag, 304 and Cache-Control handling every JSON answer gets
 * (json-express.adapter.ts), so the response cache keeps it like one. `status` replaces the route's
 * (a page's 404).
 */
export class SerializedAnswer {
  constructor(
    readonly contentType: string,
    readonly body: string,
    readonly status?: number,
  ) {}
}
