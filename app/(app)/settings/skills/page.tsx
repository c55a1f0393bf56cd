import { clsx } from "clsx";
import type { Metadata } from "next";
import Link from "next/link";
import { SkillEditor } from "@/components/settings/skills/skill-editor";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { canEditSkill, listSkills } from "@/lib/db/queries/skills";

export const metadata: Metadata = { title: "Skills" };

export default async function SkillsPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const user = await requirePageUser("/settings/skills");
  const { id } = await searchParams;
  const skills = await listSkills(getDb(), user);
  const selected = skills.find((skill) => skill.id === id) ?? null;
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="Skills"
        description="Standard operating procedures in Markdown that agents read when a task matches."
        actions={
          <Link href="/settings/skills" className={buttonClass("primary", "sm")}>
            New skill
          </Link>
        }
      />
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Skills" className="space-y-1">
          {skills.length === 0 ? <p className="text-sm text-zinc-500">No skills yet. Write the first one.</p> : null}
          {skills.map((skill) => (
            <Link
              key={skill.id}
              href={`/settings/skills?id=${skill.id}`}
              aria-current={skill.id === selected?.id ? "page" : undefined}
              className={clsx(
                "block rounded-md px-3 py-2 text-sm",
                skill.id === selected?.id ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{skill.name}</span>
                {skill.visibility === "personal" ? <Badge>personal</Badge> : null}
              </span>
              {skill.description ? <span className="mt-0.5 block truncate text-xs text-zinc-500">{skill.description}</span> : null}
            </Link>
          ))}
        </nav>
        <Card>
          <SkillEditor key={selected?.id ?? "new"} skill={selected} canEdit={selected ? canEditSkill(user, selected) : true} />
        </Card>
      </div>
    </div>
  );
}
