import { describe, expect, it } from "vitest";
import { WorkflowError } from "../errors";
import { type ConditionOperator, evaluateCondition, isEmptyValue } from "./condition-operators";

const cases: Array<[unknown, ConditionOperator, unknown, boolean]> = [
  ["abc", "equals", "abc", true],
  [10, "equals", "10", true],
  [10, "equals", 10, true],
  [10, "equals", "ten", false],
  [true, "equals", "true", true],
  [false, "equals", true, false],
  ["abc", "not_equals", "abd", true],
  [{ a: [1] }, "equals", '{"a":[1]}', true],
  [[1, 2], "equals", [1, 2], true],
  ["hello world", "contains", "lo w", true],
  [["a", "b"], "contains", "b", true],
  [[1, 2], "contains", "2", true],
  [{ key: 1 }, "contains", "key", true],
  ["hello", "not_contains", "z", true],
  ["hello", "starts_with", "he", true],
  ["hello", "ends_with", "lo", true],
  [12345, "starts_with", "12", true],
  [["a"], "starts_with", "a", false],
  [5, "greater_than", 3, true],
  ["5", "greater_than", "10", false],
  [" 7 ", "greater_or_equal", 7, true],
  [2, "less_than", "2.5", true],
  [3, "less_or_equal", 2, false],
  ["", "is_empty", null, true],
  [[], "is_empty", null, true],
  [{}, "is_empty", null, true],
  [0, "is_empty", null, false],
  [false, "is_not_empty", null, true],
  [true, "is_true", null, true],
  ["TRUE", "is_true", null, true],
  ["yes", "is_true", null, false],
  [false, "is_false", null, true],
  ["false", "is_false", null, true],
];

describe("evaluateCondition", () => {
  it.each(cases)("%j %s %j → %s", (left, operator, right, expected) => {
    expect(evaluateCondition(left, operator, right)).toBe(expected);
  });

  it("treats a missing or null operand as empty: every comparison is false, never an exception", () => {
    const operators: ConditionOperator[] = [
      "equals",
      "not_equals",
      "contains",
      "not_contains",
      "starts_with",
      "ends_with",
      "greater_than",
      "greater_or_equal",
      "less_than",
      "less_or_equal",
    ];
    for (const left of [undefined, null]) {
      for (const operator of operators) expect(evaluateCondition(left, operator, 1)).toBe(false);
      expect(evaluateCondition(left, "is_empty", null)).toBe(true);
      expect(evaluateCondition(left, "is_not_empty", null)).toBe(false);
      expect(evaluateCondition(left, "is_true", null)).toBe(false);
      expect(evaluateCondition(left, "is_false", null)).toBe(false);
    }
    expect(evaluateCondition("x", "equals", undefined)).toBe(false);
    expect(evaluateCondition(5, "greater_than", null)).toBe(false);
    expect(evaluateCondition("", "greater_than", 1)).toBe(false);
  });

  it("throws type_error for a numeric comparison of a non-numeric string", () => {
    const error = (() => {
      try {
        evaluateCondition("abc", "greater_than", 5);
      } catch (caught) {
        return caught as WorkflowError;
      }
      throw new Error("no throw");
    })();
    expect(error).toBeInstanceOf(WorkflowError);
    expect(error.code).toBe("type_error");
    expect(error.message).toBe('numeric comparison of a non-numeric left operand: "abc"');
    expect(() => evaluateCondition(5, "less_than", "five")).toThrow("non-numeric right operand");
    expect(() => evaluateCondition(true, "less_than", 1)).toThrow(WorkflowError);
    expect(() => evaluateCondition([1], "greater_than", 0)).toThrow(WorkflowError);
  });

  it("isEmptyValue", () => {
    expect([undefined, null, "", [], {}, 0, " ", [0]].map(isEmptyValue)).toEqual([true, true, true, true, true, false, false, false]);
  });
});
