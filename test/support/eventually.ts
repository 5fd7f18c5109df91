/**
 * Reads `read` every 50 ms until `done` holds for its value or `withinMs` passed, and returns the last
 * value, so the test's own assertion on it says what was expected (for work the service does after
 * its answer, such as the login throttle's give-backs).
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 5000): Promise<T> {
  const until = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
