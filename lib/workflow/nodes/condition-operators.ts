/**
 * Condition operators of CONDITION_BRANCH rules (spec §2). A missing path or `null` is empty; every
 * comparison on a missing (or `null`) operand is false, never an exception; a numeric comparison of a
 * non-numeric string (or boolean, object, array) is a `type_error`. The empty string compares as empty:
 * numeric comparisons with "" are false.
 */
import isEqual from "lodash/isEqual";
import { WorkflowError } from "../errors";
import { formatTemplateValue } from "../template";

/** Condition operators (spec §2). */
export const CONDITION_OPERATORS = [
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
  "is_empty",
  "is_not_empty",
  "is_true",
  "is_false",
] as const;

/** One of CONDITION_OPERATORS. */
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Operators that take no `value`. */
export const UNARY_OPERATORS: ReadonlySet<ConditionOperator> = new Set(["is_empty", "is_not_empty", "is_true", "is_false"]);

/** True for `undefined`, `null`, "", `[]` and `{}`. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

function toNumber(value: unknown, side: "left" | "right"): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw new WorkflowError("type_error", `numeric comparison of a non-numeric ${side} operand: ${JSON.stringify(value)}`, {
    details: { operand: side, value },
  });
}

/** Loose equality as a rule means it: "10" equals 10, "true" equals true, objects compare deep (a JSON string parsed). */
export function looselyEquals(left: unknown, right: unknown): boolean {
  if (typeof left === "number") {
    if (typeof right === "number") return left === right;
    return typeof right === "string" && right.trim() !== "" && Number(right) === left;
  }
  if (typeof left === "boolean") {
    if (typeof right === "boolean") return left === right;
    return typeof right === "string" && right.trim().toLowerCase() === String(left);
  }
  if (typeof left === "string") {
    if (typeof right === "string") return left === right;
    if (typeof right === "number" || typeof right === "boolean") return left === String(right);
    return false;
  }
  if (left !== null && typeof left === "object") {
    if (typeof right === "string") {
      try {
        return isEqual(left, JSON.parse(right));
      } catch (error) {
        if (error instanceof SyntaxError) return false;
        throw error;
      }
    }
    return isEqual(left, right);
  }
  return false;
}

function contains(left: unknown, right: unknown): boolean {
  if (Array.isArray(left)) return left.some((item) => looselyEquals(item, right));
  if (typeof left === "string" || typeof left === "number" || typeof left === "boolean") {
    return String(left).includes(formatTemplateValue(right));
  }
  if (left !== null && typeof left === "object") return Object.hasOwn(left, formatTemplateValue(right));
  return false;
}

function compareNumbers(left: unknown, right: unknown, test: (a: number, b: number) => boolean): boolean {
  const a = toNumber(left, "left");
  const b = toNumber(right, "right");
  return a !== null && b !== null && test(a, b);
}

/**
 * Evaluates one rule. `left` is the resolved `variable` (undefined when its path is missing), `right` the
 * resolved `value`.
 * @throws WorkflowError `type_error` for a numeric comparison of a non-numeric operand.
 */
export function evaluateCondition(left: unknown, operator: ConditionOperator, right: unknown): boolean {
  switch (operator) {
    case "is_empty":
      return isEmptyValue(left);
    case "is_not_empty":
      return !isEmptyValue(left);
    case "is_true":
      return left === true || (typeof left === "string" && left.trim().toLowerCase() === "true");
    case "is_false":
      return left === false || (typeof left === "string" && left.trim().toLowerCase() === "false");
  }
  if (isMissing(left) || isMissing(right)) return false;
  switch (operator) {
    case "equals":
      return looselyEquals(left, right);
    case "not_equals":
      return !looselyEquals(left, right);
    case "contains":
      return contains(left, right);
    case "not_contains":
      return !contains(left, right);
    case "starts_with":
      return typeof left !== "object" && String(left).startsWith(formatTemplateValue(right));
    case "ends_with":
      return typeof left !== "object" && String(left).endsWith(formatTemplateValue(right));
    case "greater_than":
      return compareNumbers(left, right, (a, b) => a > b);
    case "greater_or_equal":
      return compareNumbers(left, right, (a, b) => a >= b);
    case "less_than":
      return compareNumbers(left, right, (a, b) => a < b);
    case "less_or_equal":
      return compareNumbers(left, right, (a, b) => a <= b);
  }
}
