/**
 * Lucide icons of the node types, by the icon name each type's editor metadata gives
 * (`meta.icon`, lib/workflow/nodes). Imported one by one so the bundle keeps only these.
 */
import { Blocks, BookOpen, Bot, CircleHelp, Flag, GitBranch, type LucideIcon, Play, Plug, Sparkles, UserCheck } from "lucide-react";

const icons: Record<string, LucideIcon> = { Blocks, BookOpen, Bot, Flag, GitBranch, Play, Plug, Sparkles, UserCheck };

/** The icon for a `meta.icon` name; a question mark for a name not listed here. */
export function iconFor(name: string): LucideIcon {
  return icons[name] ?? CircleHelp;
}
