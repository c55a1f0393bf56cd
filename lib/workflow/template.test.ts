import { describe, expect, it } from "vitest";
import { WorkflowError } from "./errors";
import { listReferences, parseTemplate, renderJsonString, renderText, renderValue, resolvePath } from "./template";

const scope = {
  input: { name: "Ada", n: 42, flag: false, nothing: null, list: [1, "two", { three: 3 }], quote: 'say "hi"\\ \n' },
  llm: { text: "hello", json: { score: 0.5, tags: ["a", "b"] }, usage: { prompt_tokens: 1, completion_tokens: 2 } },
  env: { TOKEN: "secret" },
};

function thrown(fn: () => unknown): WorkflowError {
  try {
    fn();
  } catch (error) {
    return error as WorkflowError;
  }
  throw new Error("expected a throw");
}

describe("parseTemplate", () => {
  it("splits text and references, with spaces inside braces", () => {
    expect(parseTemplate("Hi {{ input.name }}, score {{llm.json.score}}!")).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "reference", reference: { root: "input", path: ["name"], raw: "{{ input.name }}", expression: "input.name" } },
      { kind: "text", text: ", score " },
      { kind: "reference", reference: { root: "llm", path: ["json", "score"], raw: "{{llm.json.score}}", expression: "llm.json.score" } },
      { kind: "text", text: "!" },
    ]);
  });

  it("parses index paths", () => {
    expect(parseTemplate("{{input.list[2].three}}")).toEqual([
      {
        kind: "reference",
        reference: { root: "input", path: ["list", "2", "three"], raw: "{{input.list[2].three}}", expression: "input.list[2].three" },
      },
    ]);
  });

  it("leaves braces that are not references as text", () => {
    for (const text of ["{x}", "{{}}", "{{ not a ref }}", "{{1abc}}", "function() { return {a: 1}; }", "{{a..b}}", "{{ a.b"]) {
      expect(parseTemplate(text)).toEqual([{ kind: "text", text }]);
    }
    expect(parseTemplate("")).toEqual([]);
  });
});

describe("listReferences", () => {
  it("finds references deep in objects and arrays, with their location", () => {
    const refs = listReferences({ a: "{{x.y}}", b: [1, { c: "pre {{input.n}} {{env.TOKEN}}" }], d: null, "{{key.not}}": "plain" });
    expect(refs.map((r) => [r.root, r.path, r.raw, r.location])).toEqual([
      ["x", ["y"], "{{x.y}}", ["a"]],
      ["input", ["n"], "{{input.n}}", ["b", 1, "c"]],
      ["env", ["TOKEN"], "{{env.TOKEN}}", ["b", 1, "c"]],
    ]);
  });
});

describe("renderText", () => {
  it("renders values as text: objects and arrays as JSON, null as empty", () => {
    expect(renderText("{{input.name}} has {{input.n}} ({{input.flag}}) {{input.nothing}}|{{input.list}}|{{llm.json}}", scope)).toBe(
      'Ada has 42 (false) |[1,"two",{"three":3}]|{"score":0.5,"tags":["a","b"]}',
    );
  });

  it("keeps literal braces", () => {
    expect(renderText("{ {{input.n}} } {{ not a ref }}", scope)).toBe("{ 42 } {{ not a ref }}");
  });

  it("throws unresolved_reference for a missing path, naming it", () => {
    const error = thrown(() => renderText("x {{llm.json.missing}}", scope));
    expect(error).toBeInstanceOf(WorkflowError);
    expect(error.code).toBe("unresolved_reference");
    expect(error.message).toBe('Unresolved reference {{llm.json.missing}}: nothing at "llm.json.missing"');
    expect(thrown(() => renderText("{{ghost.x}}", scope)).message).toBe('Unresolved reference {{ghost.x}}: nothing at "ghost"');
    expect(thrown(() => renderText("{{input.list[9]}}", scope)).code).toBe("unresolved_reference");
    expect(thrown(() => renderText("{{input.name.length}}", scope)).code).toBe("unresolved_reference");
    expect(thrown(() => renderText("{{input.constructor}}", scope)).code).toBe("unresolved_reference");
  });

  it("renders a missing path as empty in lenient mode", () => {
    expect(renderText("[{{llm.nope}}]", scope, { lenient: true })).toBe("[]");
  });
});

describe("renderValue", () => {
  it("keeps the type of a value that is exactly one reference", () => {
    expect(renderValue("{{input.n}}", scope)).toBe(42);
    expect(renderValue(" {{ input.flag }} ", scope)).toBe(false);
    expect(renderValue("{{input.nothing}}", scope)).toBeNull();
    expect(renderValue("{{input.list}}", scope)).toEqual([1, "two", { three: 3 }]);
    expect(renderValue("{{llm.json}}", scope)).toEqual({ score: 0.5, tags: ["a", "b"] });
  });

  it("renders deep, keys untouched, other strings as text", () => {
    expect(renderValue({ "{{k}}": "{{input.n}}", list: ["{{llm.json.tags[1]}}", "n={{input.n}}", 3, true, null] }, scope)).toEqual({
      "{{k}}": 42,
      list: ["b", "n=42", 3, true, null],
    });
  });
});

describe("renderJsonString", () => {
  it("escapes references inside JSON strings so values cannot break out", () => {
    const text = renderJsonString('{"q": "{{input.quote}}", "name": "{{input.name}}"}', scope);
    expect(text).toBe('{"q": "say \\"hi\\"\\\\ \\n", "name": "Ada"}');
    expect(JSON.parse(text)).toEqual({ q: 'say "hi"\\ \n', name: "Ada" });
  });

  it("inserts references outside strings as JSON values", () => {
    const text = renderJsonString('{"n": {{input.n}}, "list": {{input.list}}, "name": {{input.name}}, "none": {{input.nothing}}}', scope);
    expect(JSON.parse(text)).toEqual({ n: 42, list: [1, "two", { three: 3 }], name: "Ada", none: null });
  });

  it("tracks escaped quotes in the template text", () => {
    expect(JSON.parse(renderJsonString('{"a": "x\\"{{input.name}}", "b": {{input.n}}}', scope))).toEqual({ a: 'x"Ada', b: 42 });
  });
});

describe("resolvePath", () => {
  it("accepts parsed references, braces or bare paths", () => {
    expect(resolvePath(scope, "llm.json.tags[0]")).toBe("a");
    expect(resolvePath(scope, "{{ llm.usage.completion_tokens }}")).toBe(2);
    expect(resolvePath(scope, "input")).toBe(scope.input);
  });

  it("is lenient only when asked", () => {
    expect(resolvePath(scope, "llm.missing.deep", { lenient: true })).toBeUndefined();
    expect(thrown(() => resolvePath(scope, "llm.missing")).code).toBe("unresolved_reference");
    expect(thrown(() => resolvePath(scope, "not a path")).code).toBe("invalid_config");
  });
});
