/**
 * Saves of a whole state, one at a time, the newest next. Each save carries everything, so a save
 * still waiting is worth nothing once a newer one comes (only the newest waits), and two saves in
 * flight at once could be stored by the server in either order. Pure: no store, no API.
 */
export type SaveRun<T> = (value: T, superseded: () => boolean) => Promise<void>;

/**
 * `run` saves one value; `superseded()` tells it, once its request is answered, whether a newer
 * value is already waiting (then "saved" would be untrue). It reports its own failures: a throw is
 * dropped here so later saves still go. The promise of each call settles once its value, or a
 * newer one that replaced it, has been saved (or failed).
 */
export function serialSaves<T>(run: SaveRun<T>): (value: T) => Promise<void> {
  let waiting: { value: T } | undefined;
  let draining: Promise<void> | undefined;
  const drain = async (): Promise<void> => {
    while (waiting !== undefined) {
      const { value } = waiting;
      waiting = undefined;
      try {
        await run(value, () => waiting !== undefined);
      } catch {
        // run reports its own failures (above)
      }
    }
    draining = undefined;
  };
  return (value) => {
    waiting = { value };
    draining ??= drain();
    return draining;
  };
}
