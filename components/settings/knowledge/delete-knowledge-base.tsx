"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteKnowledgeBase } from "@/app/(app)/settings/knowledge/actions";
import { Button } from "@/components/ui/button";

export function DeleteKnowledgeBaseButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        disabled={pending}
        onClick={() => {
          if (!window.confirm(`Delete the knowledge base "${name}" with all its documents?`)) return;
          startTransition(async () => {
            const result = await deleteKnowledgeBase(id);
            if (result.ok) router.push("/settings/knowledge");
            else setFailure(result.error.message);
          });
        }}
      >
        Delete knowledge base
      </Button>
      {failure ? (
        <span role="alert" className="text-sm text-red-600">
          {failure}
        </span>
      ) : null}
    </>
  );
}
