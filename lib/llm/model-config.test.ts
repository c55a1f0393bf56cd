import { describe, expect, it } from "vitest";
import { resolveModelConfig } from "./model-config";

const stored = { baseUrl: "http://ollama:11434/v1", apiKey: "stored-key", smartModel: "llama3.1", fastModel: "llama3.2:1b" };

describe("resolveModelConfig", () => {
  it("uses the stored provider when the env is empty", () => {
    expect(resolveModelConfig(stored, {})).toEqual(stored);
  });

  it("lets OPENAI_BASE_URL / OPENAI_API_KEY / SWITCHYARD_MODEL override", () => {
    expect(
      resolveModelConfig(stored, { OPENAI_BASE_URL: "http://127.0.0.1:4010/v1", OPENAI_API_KEY: "env-key", SWITCHYARD_MODEL: "gpt-x" }),
    ).toEqual({
      baseUrl: "http://127.0.0.1:4010/v1",
      apiKey: "env-key",
      smartModel: "gpt-x",
      fastModel: "gpt-x",
    });
    expect(resolveModelConfig(stored, { SWITCHYARD_MODEL: "m", SWITCHYARD_FAST_MODEL: "f" })).toMatchObject({
      smartModel: "m",
      fastModel: "f",
      apiKey: "stored-key",
    });
  });

  it("does not send the stored key to another endpoint named by the env", () => {
    expect(resolveModelConfig(stored, { OPENAI_BASE_URL: "http://elsewhere/v1" })).toEqual({
      baseUrl: "http://elsewhere/v1",
      smartModel: "llama3.1",
      fastModel: "llama3.2:1b",
    });
    expect(resolveModelConfig(stored, { OPENAI_BASE_URL: "http://ollama:11434/v1/" }).apiKey).toBe("stored-key");
  });

  it("defaults to api.openai.com when only a key is given, and fails clearly otherwise", () => {
    expect(resolveModelConfig(null, { OPENAI_API_KEY: "k", SWITCHYARD_MODEL: "gpt-4o-mini" })).toEqual({
      baseUrl: "https://api.openai.com/v1",
      apiKey: "k",
      smartModel: "gpt-4o-mini",
      fastModel: "gpt-4o-mini",
    });
    expect(() => resolveModelConfig(undefined, {})).toThrow(/No model provider is configured/);
    expect(() => resolveModelConfig(null, { OPENAI_BASE_URL: "http://x/v1" })).toThrow(
      expect.objectContaining({ code: "invalid_config", message: expect.stringContaining("SWITCHYARD_MODEL") }),
    );
  });
});
