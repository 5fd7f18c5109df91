import { RestError } from '../reasons/rest-error';

/** A refused write as a report's reason: its invalid parameters (`name: why`), else its message. */
export function restReason(error: RestError): string {
  const params = (error.extra as { params?: Record<string, string> } | null)?.params;
  if (!params || !Object.keys(params).length) return error.message;
  return Object.entries(params)
    .map(([name, reason]) => `${name}: ${reason}`)
    .join(' ');
}
