import { Plus } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConversationList } from "@/components/chat/conversation-list";
import { buttonClass } from "@/components/ui/button";
import type { ConversationView } from "@/lib/db/queries/conversations";

/** The chat pages' frame: conversations on the left, the page on the right. */
export function ChatShell({
  conversations,
  activeId,
  children,
}: {
  conversations: ConversationView[];
  activeId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex h-full min-h-0">
      <nav
        className="flex w-64 shrink-0 flex-col border-r border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
        aria-label="Chat"
      >
        <div className="p-3">
          <Link href="/chat" className={buttonClass("secondary", "sm")}>
            <Plus size={14} aria-hidden="true" /> New conversation
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          <ConversationList conversations={conversations} activeId={activeId} />
        </div>
      </nav>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">{children}</div>
    </div>
  );
}
