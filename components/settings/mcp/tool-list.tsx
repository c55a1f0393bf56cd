import { CheckCircle2, XCircle } from "lucide-react";
import type { McpTestResult } from "@/lib/capabilities/mcp";

/** The outcome of "test connection": the tools with their input schemas, or the error. */
export function McpTestOutcome({ result }: { result: McpTestResult }) {
  if (!result.ok) {
    return (
      <div
        role="alert"
        data-testid="mcp-test-result"
        className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <XCircle size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">
            {result.code === "invalid_input"
              ? "Not tested: check the form."
              : `Connection failed (${result.code}) after ${result.elapsed_ms} ms.`}
          </p>
          <p className="break-all">{result.error}</p>
        </div>
      </div>
    );
  }
  return (
    <div data-testid="mcp-test-result" className="space-y-2">
      <p role="status" className="flex items-center gap-2 text-sm text-green-800 dark:text-green-300">
        <CheckCircle2 size={16} aria-hidden="true" /> Connected in {result.elapsed_ms} ms · {result.tools.length} tool(s)
      </p>
      <ul className="divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {result.tools.map((tool) => (
          <li key={tool.name} className="px-3 py-2" data-testid={`mcp-tool-${tool.name}`}>
            <div className="flex flex-wrap items-baseline gap-2">
              <span className="font-mono text-sm font-medium">{tool.name}</span>
              {tool.title && tool.title !== tool.name ? <span className="text-xs text-zinc-500">{tool.title}</span> : null}
            </div>
            {tool.description ? <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{tool.description}</p> : null}
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-zinc-500">Input schema</summary>
              <pre className="mt-1 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-950">
                {JSON.stringify(tool.inputSchema, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
