/**
 * Short ids made from what a thing says, not from where it was found, so that the same question
 * or candidate has the same id in every reply for the same examples and in every example (an
 * answer given to one reply still applies after the examples change). FNV-1a, 32 bits, base 36:
 * collisions between the handful of questions of one suggestion are negligible.
 */
export function stableId(prefix: string, text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(36)}`;
}
