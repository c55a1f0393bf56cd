/**
 * Chat with an agent in the browser: the model is a real OpenAI-compatible server (aimock) started by this
 * test and configured through Settings → Models, like a user would. The answer streams, the calculator
 * call shows as a step with its result and time, and after a reload the conversation is still there.
 */
import { LLMock } from "@copilotkit/aimock";
import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./helpers";

const QUESTION = "What is 6 * 7? Use the calculator.";
const ANSWER = "The calculator says 6 * 7 = 42. That is the answer to your question, computed exactly.";

let mock: LLMock;

test.beforeAll(async () => {
  mock = new LLMock({ port: 0, host: "127.0.0.1" });
  mock.on(
    { userMessage: QUESTION, hasToolResult: false },
    { toolCalls: [{ id: "call_e2e_calc", name: "calculator", arguments: '{"expression":"6 * 7"}' }] },
  );
  mock.on({ userMessage: QUESTION, hasToolResult: true }, { content: ANSWER }, { chunkSize: 4, latency: 80 });
  await mock.start();
});

test.afterAll(async () => {
  await mock.stop();
});

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
  await page.getByLabel("Name").fill("Math helper");
  await page.getByLabel("Description").fill("Exact arithmetic");
  await page.getByLabel("Instructions").fill("You compute exactly, always with the calculator.");
  await page.getByLabel("Allow every tool category").uncheck();
  await page.getByLabel("Math (calculator)").check();
  await screenshot(page, "agents-form");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(/\/settings\/agents\?id=/);
  await expect(page.getByRole("navigation", { name: "Agents" }).getByText("Math helper")).toBeVisible();

  // chat
  await page.goto("/chat");
  await page.getByLabel("Talk to").selectOption({ label: "Math helper" });
  await page.getByLabel("Message").fill(QUESTION);
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
