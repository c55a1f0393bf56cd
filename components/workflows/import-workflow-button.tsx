"use client";

import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { importWorkflowAction } from "@/app/(app)/workflows/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "./dialog";

/**
 * "Import": picks a workflow file (.json, spec §1) and imports it as a new draft. An invalid file lists
 * each problem in a dialog and creates nothing.
 */
export function ImportWorkflowButton() {
  const input = useRef<HTMLInputElement>(null);
  const [pending, startTransition] = useTransition();
  const [problems, setProblems] = useState<{ file: string; items: string[] } | null>(null);
  const router = useRouter();

  const onFile = (file: File) =>
    startTransition(async () => {
      const text = await file.text();
      const result = await importWorkflowAction({ text });
      if (!result.ok) {
        setProblems({ file: file.name, items: [result.error.message] });
        return;
      }
      if (!result.data.created) {
        setProblems({ file: file.name, items: result.data.problems });
        return;
      }
      router.push(`/workflows/${result.data.id}`);
    });

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-label="Workflow file to import"
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button variant="secondary" disabled={pending} onClick={() => input.current?.click()}>
        <Upload size={16} aria-hidden="true" /> {pending ? "Importing…" : "Import"}
      </Button>
      <Dialog
        open={problems !== null}
        title="The file was not imported"
        description={
          problems
            ? `${problems.file} has ${problems.items.length === 1 ? "a problem" : `${problems.items.length} problems`}; nothing was created.`
            : null
        }
        onClose={() => setProblems(null)}
        footer={<Button onClick={() => setProblems(null)}>OK</Button>}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="import-problems">
          {problems?.items.map((item, index) => (
            <li key={index} className="break-words">
              {item}
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
