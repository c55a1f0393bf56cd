import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("makes distinct RFC 9562 version-7 UUIDs whose first 48 bits are the current time in ms", () => {
    const before = Date.now();
    const ids = Array.from({ length: 1000 }, () => newId());
    const after = Date.now();
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
    }
  });
});
