import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

/**
 * Benchmarks in the browser (e2e/bench/*.bench.ts), on the same production build and per-port database as
 * the e2e tests: `npx playwright test --config e2e/bench/playwright.config.ts` (E2E_PORT to pick the port).
 */
export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "**/*.bench.ts",
  timeout: 180_000,
  // no Playwright trace, screenshots or video: trace recording snapshots the whole DOM (1,000 nodes) at
  // every action, including each mouse move of a drag, and that work would be measured as the editor's
  use: { ...base.use, trace: "off", screenshot: "off", video: "off" },
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, cwd: path.resolve(import.meta.dirname, "../..") }
      : base.webServer,
});
