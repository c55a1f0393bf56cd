import { Plug } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Connectors" };

export default async function Page() {
  await requirePageUser("/settings/connectors");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Connectors" description="Enterprise HTTP APIs and databases your workflows and agents may call." />
      <EmptyState icon={<Plug size={28} aria-hidden="true" />} title="No connectors yet">
        Add a connector with a base URL and credentials, or import its actions from an OpenAPI document.
      </EmptyState>
    </div>
  );
}
