import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isEncryptedSecret, maskSecret, parseEncryptionKey } from "./secrets";

const HEX_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

describe("secrets", () => {
  const saved = process.env.SWITCHYARD_ENCRYPTION_KEY;
  beforeEach(() => {
    process.env.SWITCHYARD_ENCRYPTION_KEY = HEX_KEY;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SWITCHYARD_ENCRYPTION_KEY;
    else process.env.SWITCHYARD_ENCRYPTION_KEY = saved;
  });

  it("round-trips with a fresh IV each time", () => {
    const a = encryptSecret("tok-ü-123");
    const b = encryptSecret("tok-ü-123");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1:")).toBe(true);
    expect(isEncryptedSecret(a)).toBe(true);
    expect(decryptSecret(a)).toBe("tok-ü-123");
    expect(decryptSecret(encryptSecret(""))).toBe("");
  });

  it("accepts a base64 key equal to the hex one", () => {
    const cipher = encryptSecret("x");
    process.env.SWITCHYARD_ENCRYPTION_KEY = Buffer.from(HEX_KEY, "hex").toString("base64");
    expect(decryptSecret(cipher)).toBe("x");
  });

  it("names the variable when the key is missing or wrong", () => {
    delete process.env.SWITCHYARD_ENCRYPTION_KEY;
    expect(() => encryptSecret("x")).toThrow(/SWITCHYARD_ENCRYPTION_KEY is not set/);
    expect(() => parseEncryptionKey("abcd")).toThrow(/SWITCHYARD_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => parseEncryptionKey(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
  });

  it("refuses a tampered value, another key and an unknown version", () => {
    const cipher = encryptSecret("secret");
    const [v, iv, tag, data] = cipher.split(":");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64url")].join(":"))).toThrow(/tampered/);
    process.env.SWITCHYARD_ENCRYPTION_KEY = "ff".repeat(32);
    expect(() => decryptSecret(cipher)).toThrow(/wrong SWITCHYARD_ENCRYPTION_KEY/);
    expect(() => decryptSecret("v9:a:b:c")).toThrow(/unsupported secret format "v9"/);
  });

  it("masks", () => {
    expect(maskSecret("sk-live-abcdef123456")).toBe("••••3456");
    expect(maskSecret("short")).toBe("••••");
    expect(maskSecret("")).toBe("");
    expect(maskSecret(undefined)).toBe("");
  });
});
