/** Who is making the request: an authenticated WordPress user, or anonymous (id 0, no capabilities). */
export interface Caller {
  readonly id: number;
  readonly login: string | null;
  readonly capabilities: ReadonlySet<string>;
}

export const ANONYMOUS: Caller = Object.freeze({ id: 0, login: null, capabilities: new Set<string>() });

export function isAuthenticated(caller: Caller): boolean {
  return caller.id !== 0;
}

export function hasAll(caller: Caller, ...capabilities: string[]): boolean {
  return capabilities.every((c) => caller.capabilities.has(c));
}
