/**
 * A typed answer (a response class: what the compiler checks against what Swagger documents) as the
 * JSON object a client reads, for the surfaces that read answers as JSON — the site's pages, the
 * change feed's payloads. A class has no index signature, so TypeScript needs to be told; nothing
 * is copied or changed.
 */
export function asJson(answer: object): Record<string, unknown> {
  return answer as Record<string, unknown>;
}
