"use client";

import { Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState, useTransition } from "react";
import { createConversationAction } from "@/app/(app)/chat/actions";
import { Button } from "@/components/ui/button";
import { Field, Select, Textarea } from "@/components/ui/field";

/** Picks an agent (or auto mode) and the first message; creates the conversation and opens it. */
export function NewChatForm({ agents }: { agents: { id: string; name: string; description: string }[] }) {
  const router = useRouter();
  const [agentId, setAgentId] = useState(agents[0]?.id ?? "");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === "") {
      setError("Write a message first.");
      return;
    }
    startTransition(async () => {
      const result = await createConversationAction({ agentId: agentId || null });
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      router.push(`/chat/${result.data.id}?send=${encodeURIComponent(message.trim())}`);
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New conversation">
      <Field id="agent" label="Talk to" help="Auto mode uses every tool you can reach and can hand tasks to your agents.">
        <Select id="agent" value={agentId} onChange={(event) => setAgentId(event.target.value)}>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
          <option value="">Auto mode</option>
        </Select>
      </Field>
      <Field id="first-message" label="Message" error={error ?? undefined}>
        <Textarea
          id="first-message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={3}
          placeholder="What should the agent do?"
        />
      </Field>
      <Button type="submit" disabled={pending}>
        <Send size={14} aria-hidden="true" /> {pending ? "Starting…" : "Start conversation"}
      </Button>
    </form>
  );
}
