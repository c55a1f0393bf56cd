import { describe, expect, it } from "vitest";
import { skillSchema } from "./schema";

const valid = { name: "refund-handling", description: "How to handle a refund.", body: "# Refunds", visibility: "organisation" } as const;

const nameErrors = (name: string) =>
  skillSchema.safeParse({ ...valid, name }).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("skillSchema name (what agents pass to read_skill)", () => {
  it("accepts lowercase letters, digits, - and _, up to 64 characters, like the demo skill", () => {
    for (const name of ["refund-handling", "snake_case_name", "sop2", "a", "x".repeat(64)]) expect(nameErrors(name)).toEqual([]);
    expect(skillSchema.parse({ ...valid, name: "  refund-handling  " }).name).toBe("refund-handling");
  });

  it("refuses spaces, capitals and other characters, naming the field and suggesting a name", () => {
    expect(nameErrors("Refund approval")).toEqual([
      ["name", "A skill name uses lowercase letters, digits, - and _ only (agents call read_skill with it); try refund-approval."],
    ]);
    expect(nameErrors("refunds/EU")).toEqual([
      ["name", "A skill name uses lowercase letters, digits, - and _ only (agents call read_skill with it); try refunds-eu."],
    ]);
    expect(nameErrors("!!!")).toEqual([
      ["name", "A skill name uses lowercase letters, digits, - and _ only (agents call read_skill with it), e.g. refund-handling."],
    ]);
  });

  it("refuses an empty name and one longer than 64 characters", () => {
    expect(nameErrors("   ")).toEqual([["name", "Give the skill a name, e.g. refund-handling."]]);
    expect(nameErrors("x".repeat(70))).toEqual([["name", "A skill name has at most 64 characters (you have 70)."]]);
  });
});
