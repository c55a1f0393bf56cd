/**
 * Chat turns over a real database (fresh SQLite, and PostgreSQL when TEST_POSTGRES_URL is set) and a real
 * model endpoint (aimock): a client that drops the stream mid-answer and resumes from its last event id gets
 * every later event once — no text lost or repeated; events and messages are stored; the next turn sees the
 * history; stop ends a turn `cancelled` and keeps the partial answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockModel, startMockModel } from "@/lib/agent/testing/aimock";
import { createConversation, listConversationEvents, loadMessages } from "@/lib/db/queries/conversations";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "@/lib/db/test-databases";
import { createAgentRuntime } from "@/lib/runtime-agents";
import { followChat, startChatTurn, stopChatTurn } from "./chat-turns";
import type { ChatEvent } from "./turn-hub";

const ANSWER = "Resuming a stream must neither lose nor repeat a single character of this answer.";

let m: MockModel;
beforeAll(async () => {
  m = await startMockModel();
  m.mock.on({ userMessage: "resume test" }, { content: ANSWER }, { chunkSize: 3, latency: 25 });
  m.mock.on({ userMessage: "second turn" }, { content: "I remember." });
  m.mock.on({ userMessage: "stop test" }, { content: "x".repeat(400) }, { chunkSize: 2, latency: 20 });
});
afterAll(async () => {
  await m.mock.stop();
});

for (const kind of testDatabaseKinds()) {
  describe(`chat turns (${kind})`, () => {
    let test: TestDatabase;
    let user: { id: string; email: string; role: string };
    let agents: ReturnType<typeof createAgentRuntime>;

    beforeAll(async () => {
      test = await createTestDatabase(kind);
      const row = await test.db.user.create({ data: { email: "ada@example.com", name: "Ada", passwordHash: "x", role: "member" } });
      user = { id: row.id, email: row.email, role: row.role };
      agents = createAgentRuntime({
        db: test.db,
        engine: () => {
          throw new Error("no engine in this test");
        },
        env: { OPENAI_BASE_URL: m.config.baseUrl, SWITCHYARD_MODEL: "mock-smart-1", SWITCHYARD_FAST_MODEL: "mock-fast-1" },
      });
    });
    afterAll(async () => {
      await test.cleanup();
    });

    async function collect(conversationId: string, afterSeq: number, stopAfter?: number): Promise<ChatEvent[]> {
      const controller = new AbortController();
      const events: ChatEvent[] = [];
      for await (const event of followChat(test.db, conversationId, afterSeq, controller.signal)) {
        events.push(event);
        if (stopAfter !== undefined && events.length >= stopAfter) {
          controller.abort();
          break;
        }
      }
      return events;
    }

    it("resumes from the last event id without losing or repeating text, and stores everything", async () => {
      const conversation = await createConversation(test.db, user.id, { agentId: null });
      const { afterSeq, done } = await startChatTurn({ agents, conversation, user, content: "resume test" });
      expect(afterSeq).toBe(0);
      const first = await collect(conversation.id, afterSeq, 8);
      const resumed = await collect(conversation.id, first.at(-1)!.seq);
      await done;
      const all = [...first, ...resumed];
      expect(all.map((event) => event.seq)).toEqual(all.map((_, index) => index + 1));
      expect(all[0]).toMatchObject({ type: "turn.started", data: { message: "resume test", agent_id: null, mode: "auto" } });
      expect(all.at(-1)).toMatchObject({ type: "turn.ended", data: { status: "completed" } });
      const text = all
        .filter((event) => event.type === "answer.delta")
        .map((event) => event.data.text)
        .join("");
      expect(text).toBe(ANSWER);
      const stored = await listConversationEvents(test.db, conversation.id, 0);
      expect(stored.map(({ at: _at, ...event }) => event)).toEqual(all.map(({ at: _at, ...event }) => event));
      expect(await loadMessages(test.db, conversation.id)).toEqual([
        { role: "user", content: "resume test" },
        { role: "assistant", content: ANSWER },
      ]);
      // after the turn, a late reader gets the stored events once and the stream ends
      expect((await collect(conversation.id, 3)).map((event) => event.seq)).toEqual(all.slice(3).map((event) => event.seq));

      const second = await startChatTurn({ agents, conversation: { ...conversation, title: "x" }, user, content: "second turn" });
      expect(second.afterSeq).toBe(all.length);
      await second.done;
      const request = m.requests().at(-1)!;
      expect(request.messages.slice(1).map((message) => [message.role, message.content])).toEqual([
        ["user", "resume test"],
        ["assistant", ANSWER],
        ["user", "second turn"],
      ]);
    });

    it("refuses a second turn while one runs, and stop keeps the partial answer", async () => {
      const conversation = await createConversation(test.db, user.id, { agentId: null });
      const { done } = await startChatTurn({ agents, conversation, user, content: "stop test" });
      await expect(startChatTurn({ agents, conversation, user, content: "again" })).rejects.toMatchObject({ code: "conflict" });
      const controller = new AbortController();
      for await (const event of followChat(test.db, conversation.id, 0, controller.signal)) {
        if (event.type === "answer.delta") break;
      }
      expect(stopChatTurn(conversation.id)).toBe(true);
      await done;
      const events = await listConversationEvents(test.db, conversation.id, 0);
      expect(events.at(-1)).toMatchObject({ type: "turn.ended", data: { status: "cancelled", error: { code: "cancelled" } } });
      const partial = events
        .filter((event) => event.type === "answer.delta")
        .map((event) => event.data.text)
        .join("");
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(400);
      const messages = await loadMessages(test.db, conversation.id);
      expect(messages).toEqual([
        { role: "user", content: "stop test" },
        { role: "assistant", content: partial },
      ]);
      expect(stopChatTurn(conversation.id)).toBe(false);
    });
  });
}
