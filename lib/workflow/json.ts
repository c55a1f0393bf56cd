/** Small helpers for JSON values shared between the runtime's modules. */

/**
 * Freezes a JSON value in place, deep, and returns it. Values already frozen are not walked again, so
 * freezing what is mostly frozen is cheap.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** True when `value` and everything in it is frozen (stops at the first value that is not). */
export function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (!Object.isFrozen(value)) return false;
  for (const item of Object.values(value)) if (!isDeepFrozen(item)) return false;
  return true;
}
