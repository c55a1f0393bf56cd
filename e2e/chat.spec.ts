/**
 * Chat with an agent in the browser: the model is a real OpenAI-compatible server (aimock) started by this
 * test and configured through Settings → Models, like a user would. The answer streams, the calculator
 * call shows as a step with its result and time, and after a reload the conversation is still there.
 */
import { LLMock } from "@copilotkit/aimock";
import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./helpers";

const QUESTION = "What is 6 * 7? Use the calculator.";
const GATED = "Now compute 2 ^ 10, please.";
const ANSWER = "The calculator says 6 * 7 = 42. That is the answer to your question, computed exactly.";

let mock: LLMock;

test.beforeAll(async () => {
  mock = new LLMock({ port: 0, host: "127.0.0.1" });
  mock.on(
    { userMessage: QUESTION, hasToolResult: false },
    { toolCalls: [{ id: "call_e2e_calc", name: "calculator", arguments: '{"expression":"6 * 7"}' }] },
  );
  mock.on({ userMessage: QUESTION, hasToolResult: true }, { content: ANSWER }, { chunkSize: 4, latency: 80 });
  mock.on(
    { userMessage: GATED, hasToolResult: false },
    { toolCalls: [{ id: "call_e2e_gated", name: "calculator", arguments: '{"expression":"2 ^ 10"}' }] },
  );
  mock.on({ userMessage: GATED, hasToolResult: true }, { content: "2 ^ 10 = 1024." });
  await mock.start();
});

test.afterAll(async () => {
  await mock.stop();
});

test.describe.configure({ mode: "serial" });

test("chat with an agent: streamed answer, tool step, still there after a reload", async ({ page }) => {
  await signIn(page);

  // point the workspace at the mock model
  await page.goto("/settings/models");
  await page.getByLabel("Base URL").fill(`${mock.url}/v1`);
  await page.getByLabel("Smart model").fill("mock-smart");
  await page.getByLabel("Fast model").fill("mock-fast");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  // an agent that may use math tools only
  await page.goto("/settings/agents");
  await page.getByLabel("Name", { exact: true }).fill("Math helper");
  await page.getByLabel("Description", { exact: true }).fill("Exact arithmetic");
  await page.getByLabel("Instructions", { exact: true }).fill("You compute exactly, always with the calculator.");
  await page.getByLabel("Allow every tool category").uncheck();
  await page.getByLabel("Math (calculator)").check();
  await screenshot(page, "agents-form");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(/\/settings\/agents\?id=/);
  await expect(page.getByRole("navigation", { name: "Agents" }).getByText("Math helper")).toBeVisible();

  // chat
  await page.goto("/chat");
  await page.getByLabel("Talk to").selectOption({ label: "Math helper" });
  await page.getByLabel("Message", { exact: true }).fill(QUESTION);
  await page.getByRole("button", { name: "Start conversation" }).click();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);

  const step = page.getByTestId("tool-step");
  await expect(step).toHaveCount(1);
  await expect(step).toContainText("calculator");
  const answer = page.getByTestId("assistant-text");
  await expect(answer).toBeVisible();
  const partial = (await answer.textContent()) ?? "";
  expect(partial.length).toBeLessThan(ANSWER.length); // seen mid-stream
  expect(ANSWER.startsWith(partial)).toBe(true);
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await screenshot(page, "chat-streaming");
  await expect(answer).toHaveText(ANSWER);
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();

  await step.locator("summary").click();
  await expect(step.getByTestId("tool-step-result")).toContainText('"result": 42');
  await expect(step.getByTestId("tool-step-time")).toHaveText(/^\d+ ms$/);
  await expect(step).toContainText('"expression": "6 * 7"');
  await screenshot(page, "chat-answered");

  // reload: the conversation, its step and its answer are still there, and listed
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveText(QUESTION);
  await expect(page.getByTestId("assistant-text")).toHaveText(ANSWER);
  await expect(page.getByTestId("tool-step")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Conversations" }).getByText("What is 6 * 7? Use the calculator.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(QUESTION);

  const requests = mock
    .getRequests()
    .map(
      (entry) => entry.body as { model: string; tools?: { function: { name: string } }[]; messages: { role: string; content: string }[] },
    );
  expect(requests[0].model).toBe("mock-smart");
  expect(requests[0].tools?.map((tool) => tool.function.name)).toEqual(["calculator"]);
  expect(requests[0].messages[0].content).toContain("You compute exactly, always with the calculator.");
});

test("a tool call under the confirmation gate waits until the user allows it", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/agents");
  await page.getByLabel("Ask before these tool calls").fill("calculator");
  await page.getByRole("form", { name: "Confirmations" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "Confirmations" }).getByRole("status")).toHaveText("Saved.");

  await page.goto("/chat");
  await page.getByRole("list", { name: "Conversations" }).getByText(QUESTION).click();
  await expect(page.getByTestId("assistant-text")).toHaveText(ANSWER);
  await page.getByLabel("Message", { exact: true }).fill(GATED);
  await page.getByRole("button", { name: "Send" }).click();

  const gated = page.getByTestId("tool-step").nth(1);
  await expect(gated).toContainText("waiting for your confirmation");
  await screenshot(page, "chat-confirmation");
  await gated.getByRole("button", { name: "Allow this call" }).click();
  await expect(page.getByTestId("chat-turn").nth(1).getByTestId("assistant-text")).toHaveText("2 ^ 10 = 1024.");
  await gated.locator("summary").click();
  await expect(gated.getByTestId("tool-step-result")).toContainText('"result": 1024');

  // the second turn's model request carried the first turn as history
  const last = mock.getRequests().at(-1)?.body as { messages: { role: string; content: string | null }[] };
  expect(last.messages.filter((message) => message.role === "user").map((message) => message.content)).toEqual([QUESTION, GATED]);
});
