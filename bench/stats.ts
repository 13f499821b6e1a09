/** The middle value (the upper one of an even count); NaN for none. Bench figures report medians of rounds. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
