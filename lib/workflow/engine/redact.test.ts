import { describe, expect, it } from "vitest";
import { makeRedactor, StreamRedactor, secretValues } from "./redact";

describe("redaction of secret workspace variables", () => {
  const services = { env: { TOKEN: "abcdef", SHORT: "ab", PLAIN: "visible" }, secretEnvNames: ["TOKEN", "SHORT", "MISSING"] };

  it("redacts deep in JSON values, ignoring secrets under 4 characters", () => {
    expect(secretValues(services)).toEqual(["abcdef"]);
    const redact = makeRedactor(services);
    expect(redact({ a: "x abcdef y", list: ["abcdefabcdef", 3, null], ab: "ab" })).toEqual({
      a: "x [redacted] y",
      list: ["[redacted][redacted]", 3, null],
      ab: "ab",
    });
    expect(makeRedactor({})({ a: "abcdef" })).toEqual({ a: "abcdef" });
  });

  it("redacts a secret split across streamed fragments", () => {
    const stream = new StreamRedactor(["abcdef"]);
    const out = [stream.push("n", "hello ab"), stream.push("n", "cd"), stream.push("n", "ef world, ab"), stream.flush("n")];
    expect(out.join("")).toBe("hello [redacted] world, ab");
    expect(out.every((part) => !part.includes("abc"))).toBe(true);
    const plain = new StreamRedactor([]);
    expect(plain.push("n", "abc")).toBe("abc");
  });
});
