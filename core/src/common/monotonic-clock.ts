/** Milliseconds from a monotonic clock where the platform has one (Node, browsers), else wall-clock time. */
export const monotonicNow: () => number = typeof globalThis.performance !== 'undefined' ? () => globalThis.performance.now() : () => Date.now();
