import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

export const DEMO = { email: "demo@switchyard.local", password: "switchyard-demo" };

/** Screenshots land in e2e/screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  const dir = path.join(import.meta.dirname, "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/workflows/);
}
