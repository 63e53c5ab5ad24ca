/**
 * The one way a server test waits: poll `check` until it gives a value (anything but undefined or false) and return
 * that value, or fail after `timeoutMs`. Wait on a condition, never on a fixed delay. `what` names what was awaited in
 * the failure (a function, to describe the last state seen).
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what: string | (() => string) = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
