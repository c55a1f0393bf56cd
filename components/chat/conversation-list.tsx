import { clsx } from "clsx";
import Link from "next/link";
import type { ConversationView } from "@/lib/db/queries/conversations";

/** The user's conversations, newest first; the open one highlighted. */
export function ConversationList({ conversations, activeId }: { conversations: ConversationView[]; activeId?: string }) {
  if (conversations.length === 0) return <p className="px-3 text-xs text-zinc-500">No conversations yet.</p>;
  return (
    <ul className="space-y-0.5" aria-label="Conversations">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <Link
            href={`/chat/${conversation.id}`}
            className={clsx(
              "block rounded-md px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800",
              conversation.id === activeId && "bg-zinc-100 font-medium dark:bg-zinc-800",
            )}
          >
            <span className="block truncate">{conversation.title}</span>
            <span className="block truncate text-xs text-zinc-500">{conversation.agentName ?? "Auto mode"}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
