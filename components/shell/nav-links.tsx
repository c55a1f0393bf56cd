"use client";

import { clsx } from "clsx";
import {
  Blocks,
  BookOpen,
  Bot,
  Cable,
  CheckCircle2,
  History,
  KeyRound,
  type LucideIcon,
  MessagesSquare,
  Plug,
  ScrollText,
  Server,
  Sparkles,
  Users,
  Workflow,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ApprovalsCount } from "./approvals-count";

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

const mainItems: NavItem[] = [
  { href: "/workflows", label: "Workflows", icon: Workflow },
  { href: "/chat", label: "Chat", icon: MessagesSquare },
  { href: "/approvals", label: "Approvals", icon: CheckCircle2 },
  { href: "/runs", label: "Runs", icon: History },
];

const settingsItems: NavItem[] = [
  { href: "/settings/models", label: "Models", icon: Sparkles },
  { href: "/settings/agents", label: "Agents", icon: Bot },
  { href: "/settings/connectors", label: "Connectors", icon: Plug },
  { href: "/settings/mcp-servers", label: "MCP servers", icon: Server },
  { href: "/settings/knowledge", label: "Knowledge", icon: BookOpen },
  { href: "/settings/skills", label: "Skills", icon: Blocks },
  { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
  { href: "/settings/users", label: "Users", icon: Users, adminOnly: true },
  { href: "/settings/audit-log", label: "Audit log", icon: ScrollText, adminOnly: true },
];

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      aria-current={active ? "page" : undefined}
      className={clsx(
        "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-sm transition-colors",
        active
          ? "bg-brand-50 font-medium text-brand-700 dark:bg-brand-600/15 dark:text-brand-100"
          : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
      )}
    >
      <Icon size={16} aria-hidden="true" />
      <span className="flex-1">{item.label}</span>
      {item.href === "/approvals" ? <ApprovalsCount /> : null}
    </Link>
  );
}

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
      <ul className="space-y-0.5">
        {mainItems.map((item) => (
          <li key={item.href}>
            <NavLink item={item} active={isActive(item.href)} />
          </li>
        ))}
      </ul>
      <div>
        <p className="mb-1 flex items-center gap-1.5 px-2.5 text-xs font-semibold uppercase tracking-wide text-zinc-500">
          <Cable size={12} aria-hidden="true" /> Settings
        </p>
        <ul className="space-y-0.5">
          {settingsItems
            .filter((item) => isAdmin || !item.adminOnly)
            .map((item) => (
              <li key={item.href}>
                <NavLink item={item} active={isActive(item.href)} />
              </li>
            ))}
        </ul>
      </div>
    </nav>
  );
}
