"use client";

import { FlaskConical, Pin } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import type { NodeTestSample } from "./node-test";

type Editing = { kind: "pin" | "test"; text: string; problem: string | null } | null;

function parseObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { ok: false, problem: 'Enter a JSON object, like {"text": "…"}.' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, problem: `Not valid JSON: ${error.message}` };
  }
}

/**
 * Debugging one node in the side panel: pinned outputs (a draft run takes them instead of executing the
 * node, so downstream nodes can be worked on without re-running it; pinned from the last run's outputs or
 * typed as JSON) and a single-node test with sample values for what its templates read. `onTest` answers
 * a problem to show, or null once the test run started (it then shows on the canvas like any run).
 */
export function NodeDebugPanel({
  nodeId,
  pinned,
  lastOutputs,
  canTest,
  sampleFor,
  onPin,
  onTest,
}: {
  nodeId: string;
  pinned: unknown;
  lastOutputs: unknown;
  canTest: boolean;
  /** The sample a test starts from (what the node's templates read, START's defaults filled in). */
  sampleFor: (id: string) => NodeTestSample;
  onPin: (id: string, outputs: unknown) => void;
  onTest: (id: string, sample: Record<string, unknown>) => Promise<string | null>;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState(false);
  const startPin = () =>
    setEditing({
      kind: "pin",
      text: JSON.stringify(pinned ?? (lastOutputs && typeof lastOutputs === "object" ? lastOutputs : {}), null, 2),
      problem: null,
    });
  const startTest = () => setEditing({ kind: "test", text: JSON.stringify(sampleFor(nodeId), null, 2), problem: null });

  const apply = async () => {
    if (!editing) return;
    const parsed = parseObject(editing.text);
    if (!parsed.ok) {
      setEditing({ ...editing, problem: parsed.problem });
      return;
    }
    if (editing.kind === "pin") {
      onPin(nodeId, parsed.value);
      setEditing(null);
      return;
    }
    setTesting(true);
    const problem = await onTest(nodeId, parsed.value);
    setTesting(false);
    setEditing(problem ? { ...editing, problem } : null);
  };

  const label = editing?.kind === "pin" ? "Pinned outputs (JSON)" : "Sample values by template root (JSON)";
  return (
    <section
      aria-label="Debug this node"
      className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="node-debug"
    >
      <div className="flex flex-wrap items-center gap-2">
        {pinned !== undefined ? (
          <>
            <span className="inline-flex items-center gap-1 text-xs font-medium text-violet-700 dark:text-violet-300">
              <Pin size={12} aria-hidden="true" /> Outputs pinned: draft runs skip this node
            </span>
            <Button size="sm" variant="secondary" onClick={startPin}>
              Edit pins
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onPin(nodeId, undefined)}>
              Unpin
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" onClick={startPin} title="Draft runs then use these outputs instead of running this node">
            <Pin size={13} aria-hidden="true" /> {lastOutputs !== undefined ? "Pin the run's outputs" : "Pin outputs"}
          </Button>
        )}
        {canTest ? (
          <Button size="sm" variant="secondary" onClick={startTest}>
            <FlaskConical size={13} aria-hidden="true" /> Test this node
          </Button>
        ) : null}
      </div>
      {pinned !== undefined && editing?.kind !== "pin" ? (
        <pre className="max-h-32 overflow-auto rounded bg-zinc-50 p-2 font-mono text-[11px] dark:bg-zinc-950" data-testid="pinned-outputs">
          {JSON.stringify(pinned, null, 2)}
        </pre>
      ) : null}
      {editing ? (
        <div className="space-y-2">
          <label htmlFor={`debug-${nodeId}`} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {label}
          </label>
          <Textarea
            id={`debug-${nodeId}`}
            rows={6}
            className="font-mono text-xs"
            value={editing.text}
            invalid={Boolean(editing.problem)}
            onChange={(event) => setEditing({ ...editing, text: event.target.value, problem: null })}
          />
          {editing.kind === "test" ? (
            <p className="text-xs text-zinc-500">
              <code>input</code> holds START's variables; each node id stands in for that node's outputs (it is not run).
            </p>
          ) : null}
          {editing.problem ? (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {editing.problem}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void apply()} disabled={testing}>
              {editing.kind === "pin" ? "Save pins" : testing ? "Starting…" : "Run test"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
