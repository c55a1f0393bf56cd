import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

it("prisma/postgres/schema.prisma is derived from prisma/schema.prisma (no drift)", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const out = execFileSync(process.execPath, [path.join(root, "scripts/derive-pg-schema.mjs"), "--check"], { cwd: root, encoding: "utf8" });
  expect(out.trim()).toBe("prisma/postgres/schema.prisma is in step with prisma/schema.prisma");
});
