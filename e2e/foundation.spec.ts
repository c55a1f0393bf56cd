import { expect, test } from "@playwright/test";
import { DEMO, screenshot, signIn } from "./helpers";

test.describe("foundation: sign-in, registration, shell", () => {
  test("a signed-out visitor is sent to sign-in and back afterwards", async ({ page }) => {
    await page.goto("/runs");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fruns$/);
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/runs$/);
    await expect(page.getByRole("heading", { name: "Runs", level: 1 })).toBeVisible();
  });

  test("sign-in with a wrong password says so beside the field", async ({ page }) => {
    await page.goto("/sign-in");
    await screenshot(page, "sign-in");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#password-error")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("registration validates each field, refuses a taken email, then signs the new member in", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Grace Member");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("#email-error")).toHaveText("Enter a valid email address, like ada@example.com.");
    await expect(page.locator("#password-error")).toHaveText("Use at least 8 characters.");
    await screenshot(page, "register-errors");

    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("long-enough-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("#email-error")).toHaveText("An account with this email already exists. Sign in instead.");

    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(page.getByTestId("user-name")).toHaveText("Grace Member");
    await expect(page.getByText("grace@example.com · member")).toBeVisible();
    // members do not see admin pages
    await expect(page.getByRole("link", { name: "Users" })).toHaveCount(0);
    const response = await page.goto("/settings/users");
    expect(response?.status()).toBe(404);
  });

  test("a missing run inside the shell and an unknown address each say not found, with one main landmark", async ({ page }) => {
    await signIn(page);
    await page.goto("/runs/no-such-run");
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.locator("main")).toHaveCount(1);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.locator("main")).toHaveCount(1);
  });

  test("on a phone the sidebar is a drawer behind a menu button; going to a page closes it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page);
    const sidebar = page.locator("#sidebar");
    await expect(sidebar).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(sidebar).toBeVisible();
    await screenshot(page, "shell-phone-menu-open");
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await sidebar.getByRole("link", { name: "Approvals" }).click();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(sidebar).toBeHidden();
    await screenshot(page, "shell-phone-approvals");
    await page.setViewportSize({ width: 1360, height: 860 });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("every navigation page renders in both themes, then sign out", async ({ page }) => {
    await signIn(page);
    const pages: [string, string][] = [
      ["Workflows", "Workflows"],
      ["Chat", "Chat"],
      ["Approvals", "Approvals"],
      ["Runs", "Runs"],
      ["Models", "Models"],
      ["Agents", "Agents"],
      ["Connectors", "Connectors"],
      ["MCP servers", "MCP servers"],
      ["Knowledge", "Knowledge"],
      ["Skills", "Skills"],
      ["API keys", "API keys"],
      ["Users", "Users"],
      ["Audit log", "Audit log"],
    ];
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [link, heading] of pages) {
      // the Approvals link's name also carries the live pending count ("Approvals 2 pending approvals")
      const navLink = nav.getByRole("link", { name: new RegExp(`^${link}(\\s|\\d|$)`) });
      await navLink.click();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(navLink).toHaveAttribute("aria-current", "page");
    }
    await page.goto("/workflows");
    await screenshot(page, "shell-light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await screenshot(page, "shell-dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/workflows");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fworkflows$/);
  });
});
