"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { importOpenApiActions, previewOpenApi } from "@/app/(app)/settings/connectors/actions";
import { Button } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/field";
import { Badge } from "@/components/ui/page";

interface Preview {
  name: string;
  baseUrl: string;
  actions: { key: string; name: string; method: string; path: string; access: string; parameterCount: number }[];
}

/** Import actions from an OpenAPI 3.x document (Swagger 2.0 is refused with how to convert it), uploaded or pasted: preview, choose, import. */
export function OpenApiImport({ connectorId, existingKeys, onDone }: { connectorId: string; existingKeys: string[]; onDone: () => void }) {
  const router = useRouter();
  const [document, setDocument] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [replace, setReplace] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setDocument(await file.text());
    setPreview(null);
  };

  const onPreview = () =>
    startTransition(async () => {
      setMessage(null);
      const result = await previewOpenApi(document);
      if (!result.ok) {
        setPreview(null);
        setMessage({ ok: false, text: result.error.message });
        return;
      }
      setPreview(result.data);
      setChosen(new Set(result.data.actions.map((action) => action.key)));
    });

  const onImport = () =>
    startTransition(async () => {
      const result = await importOpenApiActions(connectorId, document, [...chosen], replace);
      if (!result.ok) {
        setMessage({ ok: false, text: result.error.message });
        return;
      }
      const { created, replaced, skipped } = result.data;
      setMessage({
        ok: true,
        text: `Imported ${created.length} action(s)${replaced.length ? `, replaced ${replaced.length}` : ""}${skipped.length ? `, skipped ${skipped.length} existing` : ""}.`,
      });
      setPreview(null);
      router.refresh();
    });

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section aria-label="Import from OpenAPI" className="space-y-4">
      <h3 className="text-sm font-semibold">Import actions from an OpenAPI document</h3>
      <div className="space-y-1.5">
        <label htmlFor="openapi-file" className="block text-sm font-medium">
          OpenAPI file (JSON or YAML)
        </label>
        <input
          id="openapi-file"
          type="file"
          accept=".json,.yaml,.yml,application/json"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-100 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </div>
      <Field id="openapi-text" label="…or paste the document" help="External $refs are not followed.">
        <Textarea
          id="openapi-text"
          rows={6}
          className="font-mono text-xs"
          value={document}
          onChange={(event) => {
            setDocument(event.target.value);
            setPreview(null);
          }}
        />
      </Field>
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={onPreview} disabled={pending || !document.trim()}>
          {pending && !preview ? "Reading…" : "Preview"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
        {message ? (
          <span
            role={message.ok ? "status" : "alert"}
            className={message.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}
          >
            {message.text}
          </span>
        ) : null}
      </div>
      {preview ? (
        <div className="space-y-3" data-testid="openapi-preview">
          <p className="text-sm">
            <span className="font-medium">{preview.name}</span> · {preview.actions.length} operation(s)
            {preview.baseUrl ? <span className="text-zinc-500"> · server {preview.baseUrl}</span> : null}
          </p>
          <div className="max-h-80 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <tbody>
                {preview.actions.map((action) => (
                  <tr key={action.key} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                    <td className="px-3 py-1.5">
                      <input
                        type="checkbox"
                        className="size-4"
                        aria-label={`Import ${action.key}`}
                        checked={chosen.has(action.key)}
                        onChange={() => toggle(action.key)}
                      />
                    </td>
                    <td className="px-3 py-1.5 font-mono text-xs">{action.method}</td>
                    <td className="px-3 py-1.5 font-mono text-xs">{action.key}</td>
                    <td className="px-3 py-1.5 font-mono text-xs text-zinc-500">{action.path}</td>
                    <td className="px-3 py-1.5">
                      <Badge tone={action.access === "read" ? "neutral" : action.access === "write" ? "blue" : "red"}>
                        {action.access}
                      </Badge>
                    </td>
                    <td className="px-3 py-1.5 text-xs text-zinc-500">{existingKeys.includes(action.key) ? "exists" : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={replace} onChange={(event) => setReplace(event.target.checked)} /> Replace
            actions that already exist
          </label>
          <div>
            <Button onClick={onImport} disabled={pending || chosen.size === 0}>
              {pending ? "Importing…" : `Import ${chosen.size} action(s)`}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
