/** Waiting options for `expect.poll`: the UI settles when it settles, the test never asserts a time. */

/** Poll until the UI shows what is expected, for at most this long before reporting a failure. */
export const eventually = { timeout: 15_000, interval: 50 };
