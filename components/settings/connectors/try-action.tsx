"use client";

import { useState, useTransition } from "react";
import { type TryActionResult, tryConnectorAction } from "@/app/(app)/settings/connectors/actions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/page";
import { type SchemaFieldValues, SchemaFields, initialSchemaValues, schemaValuesToParameters } from "./schema-fields";

export interface TryableAction {
  key: string;
  name: string;
  method: string;
  path: string;
  parameters: Record<string, unknown>;
}

function statusTone(status: number) {
  return status < 300 ? "green" : status < 400 ? "blue" : status < 500 ? "amber" : "red";
}

/** "Try it": a form generated from the action's parameter schema, then status, headers, body and time. */
export function TryAction({ connectorId, action }: { connectorId: string; action: TryableAction }) {
  const [values, setValues] = useState<SchemaFieldValues>(() => initialSchemaValues(action.parameters));
  const [result, setResult] = useState<TryActionResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const onSend = (event: React.FormEvent) => {
    event.preventDefault();
    const converted = schemaValuesToParameters(action.parameters, values);
    if ("error" in converted) {
      setResult(null);
      setProblem(converted.error);
      return;
    }
    setProblem(null);
    startTransition(async () => {
      setResult(null);
      setResult(await tryConnectorAction(connectorId, action.key, converted.parameters));
    });
  };

  return (
    <section aria-label={`Try ${action.name}`} className="space-y-4">
      <h3 className="text-sm font-semibold">
        Try <span className="font-mono">{action.key}</span>
        {action.path ? (
          <span className="ml-2 font-mono text-xs font-normal text-zinc-500">
            {action.method} {action.path}
          </span>
        ) : null}
      </h3>
      <form onSubmit={onSend} className="space-y-4">
        <SchemaFields schema={action.parameters} values={values} onChange={setValues} idPrefix={`try-${action.key}`} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Sending…" : "Send request"}
          </Button>
          {problem ? (
            <span role="alert" className="text-sm text-red-600">
              {problem}
            </span>
          ) : null}
        </div>
      </form>
      {result ? (
        <div data-testid="try-result" className="space-y-3 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
          {result.ok ? (
            <>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <Badge tone={statusTone(result.status)}>
                  <span data-testid="try-status">{result.status}</span>
                </Badge>
                <span className="text-zinc-500">{result.elapsed_ms} ms</span>
                {result.truncated ? <Badge tone="amber">truncated</Badge> : null}
              </div>
              <details>
                <summary className="cursor-pointer text-sm text-zinc-600 dark:text-zinc-400">
                  Headers ({Object.keys(result.headers).length})
                </summary>
                <table className="mt-2 w-full text-left font-mono text-xs">
                  <tbody>
                    {Object.entries(result.headers).map(([name, value]) => (
                      <tr key={name}>
                        <td className="py-0.5 pr-4 align-top text-zinc-500">{name}</td>
                        <td className="break-all py-0.5">{value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
              <pre data-testid="try-body" className="max-h-96 overflow-auto rounded bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950">
                {typeof result.body === "string" ? result.body : JSON.stringify(result.body, null, 2)}
              </pre>
            </>
          ) : (
            <div role="alert" className="text-sm text-red-700 dark:text-red-300">
              <p className="font-medium">The call failed ({result.code}).</p>
              <p className="break-all">{result.message}</p>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
