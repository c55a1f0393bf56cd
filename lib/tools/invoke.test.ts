import { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { defineTool } from "./define-tool";
import { createMemoryFileStore } from "./file-store";
import { invokeTool } from "./invoke";
import { ToolError } from "./tool-error";
import { ToolSet } from "./tool-set";

const add = defineTool({
  name: "add",
  description: "Adds two numbers",
  category: "math",
  input: z.object({ a: z.number(), b: z.number() }),
  run: ({ a, b }) => a + b,
});

describe("invokeTool", () => {
  it("coerces arguments to the schema's types and records a receipt", async () => {
    const outcome = await invokeTool(add, '{"a":"2","b":3}', { userId: null });
    expect(outcome.ok).toBe(true);
    expect(outcome.content).toBe("5");
    expect(outcome.arguments).toEqual({ a: 2, b: 3 });
    expect(outcome.receipt).toMatchObject({ tool: "add", provider: "builtin", category: "math", parameters: { a: 2, b: 3 }, error: null });
    expect(outcome.receipt.elapsed_ms).toBeGreaterThanOrEqual(0);
  });

  it("turns malformed JSON and schema violations into tool errors without running the tool", async () => {
    const run = vi.fn(() => 1);
    const tool = { ...add, run };
    const broken = await invokeTool(tool, '{"a": 1, "b":', { userId: null });
    expect(broken.error?.code).toBe("invalid_arguments");
    expect(broken.content).toMatch(/^Error \(invalid_arguments\): Arguments are not valid JSON/);
    const wrong = await invokeTool(tool, { a: "x", c: 1 }, { userId: null });
    expect(wrong.error).toEqual({
      code: "invalid_arguments",
      message: "Invalid arguments: must have required property 'b'; /a must be number",
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("merges presets over the model's arguments and hides them from the advertised schema", async () => {
    const tool = { ...add, presets: { b: 100 } };
    expect((await invokeTool(tool, { a: 1, b: 5 }, { userId: null })).content).toBe("101");
    const set = new ToolSet().add(tool);
    expect(set.definitions()[0].parameters).toMatchObject({ properties: { a: { type: "number" } }, required: ["a"] });
  });

  it("keeps a thrown error's code and message", async () => {
    const failing = defineTool({
      name: "f",
      description: "",
      category: "data",
      input: z.object({}),
      run: () => {
        throw new ToolError("nope", "It failed");
      },
    });
    const outcome = await invokeTool(failing, "", { userId: null });
    expect(outcome).toMatchObject({ ok: false, error: { code: "nope", message: "It failed" }, content: "Error (nope): It failed" });
    const plain = defineTool({
      name: "g",
      description: "",
      category: "data",
      input: z.object({}),
      run: () => {
        throw new TypeError("boom");
      },
    });
    expect((await invokeTool(plain, "{}", { userId: null })).error).toEqual({ code: "tool_failed", message: "boom" });
  });

  it("stores files and returns references, not bytes", async () => {
    const files = createMemoryFileStore();
    const tool = defineTool({
      name: "png",
      description: "",
      category: "data",
      input: z.object({}),
      run: () => ({ type: "files", files: [{ name: "a.bin", mimeType: "application/octet-stream", data: new Uint8Array([1, 2, 3]) }] }),
    });
    const outcome = await invokeTool(tool, "{}", { userId: null, files });
    expect(outcome.result).toEqual({
      kind: "files",
      files: [
        {
          ref: "file:sha256:039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81",
          name: "a.bin",
          mime_type: "application/octet-stream",
          size_bytes: 3,
        },
      ],
    });
    expect(files.get("file:sha256:039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81")).toEqual(new Uint8Array([1, 2, 3]));
  });
});
