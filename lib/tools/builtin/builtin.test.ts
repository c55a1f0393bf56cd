import { describe, expect, it } from "vitest";
import { invokeTool } from "../invoke";
import { calculatorTool, jsonTransformTool, templateRenderTool, textUtilsTool } from "./index";

const context = { userId: "u1" };

describe("calculator", () => {
  it("evaluates exactly", async () => {
    expect((await invokeTool(calculatorTool, '{"expression":"(12.5 * 4) / 3"}', context)).result).toEqual({
      kind: "json",
      value: { expression: "(12.5 * 4) / 3", result: 16.666666666667 },
    });
    expect((await invokeTool(calculatorTool, { expression: "0.1 + 0.2" }, context)).content).toBe(
      '{"expression":"0.1 + 0.2","result":0.3}',
    );
    expect((await invokeTool(calculatorTool, { expression: "2^10 - sqrt(16)" }, context)).content).toBe(
      '{"expression":"2^10 - sqrt(16)","result":1020}',
    );
    expect((await invokeTool(calculatorTool, { expression: "5 km to m" }, context)).content).toBe(
      '{"expression":"5 km to m","result":"5000 m"}',
    );
  });

  it("reports a bad expression and disabled functions as tool errors", async () => {
    const bad = await invokeTool(calculatorTool, { expression: "2 +* 3" }, context);
    expect(bad.ok).toBe(false);
    expect(bad.error?.code).toBe("invalid_expression");
    const sneaky = await invokeTool(calculatorTool, { expression: 'evaluate("1+1")' }, context);
    expect(sneaky.error).toEqual({
      code: "invalid_expression",
      message: 'Cannot evaluate "evaluate("1+1")": Function evaluate is disabled',
    });
  });
});

describe("json_transform", () => {
  const data = {
    orders: [
      { id: 1, amount: 10.5, status: "paid" },
      { id: 2, amount: 4, status: "open" },
      { id: 3, amount: 20, status: "paid" },
    ],
  };
  it("queries with JSONata", async () => {
    expect((await invokeTool(jsonTransformTool, { expression: "$sum(orders[status='paid'].amount)", data }, context)).result).toEqual({
      kind: "json",
      value: { result: 30.5 },
    });
    expect((await invokeTool(jsonTransformTool, { expression: "orders.id", data }, context)).content).toBe('{"result":[1,2,3]}');
    expect((await invokeTool(jsonTransformTool, { expression: "nothing.here", data }, context)).content).toBe('{"result":null}');
  });
  it("reports a syntax error", async () => {
    const outcome = await invokeTool(jsonTransformTool, { expression: "orders[", data }, context);
    expect(outcome.error?.code).toBe("invalid_expression");
    expect(outcome.error?.message).toMatch(/^JSONata syntax error: /);
  });
});

describe("template_render", () => {
  it("renders references and fails on a missing one", async () => {
    expect(
      (
        await invokeTool(
          templateRenderTool,
          {
            template: "Dear {{customer.name}}, {{items[1]}} and {{ n }}.",
            variables: { customer: { name: "Ada" }, items: ["a", "b"], n: 3 },
          },
          context,
        )
      ).content,
    ).toBe("Dear Ada, b and 3.");
    const missing = await invokeTool(templateRenderTool, { template: "Hi {{who}}", variables: {} }, context);
    expect(missing.error?.code).toBe("unresolved_reference");
  });
});

describe("text_utils", () => {
  it("counts, changes case, replaces and slugs exactly", async () => {
    expect((await invokeTool(textUtilsTool, { operation: "count", text: "Hello big world\nsecond line" }, context)).result).toEqual({
      kind: "json",
      value: { characters: 27, words: 5, lines: 2, tokens: 6 },
    });
    expect((await invokeTool(textUtilsTool, { operation: "upper", text: "abc" }, context)).content).toBe("ABC");
    expect((await invokeTool(textUtilsTool, { operation: "replace", text: "a-b-c", find: "-", replacement: "+" }, context)).content).toBe(
      "a+b+c",
    );
    expect((await invokeTool(textUtilsTool, { operation: "slug", text: "Crème Brûlée: 2 Ways!" }, context)).content).toBe(
      "creme-brulee-2-ways",
    );
    expect((await invokeTool(textUtilsTool, { operation: "reverse", text: "abc" }, context)).content).toBe("cba");
    expect((await invokeTool(textUtilsTool, { operation: "contains", text: "banana", find: "an" }, context)).content).toBe(
      '{"contains":true,"count":2}',
    );
  });
});
