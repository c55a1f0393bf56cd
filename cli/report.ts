/**
 * The run as the CLI prints it (spec §8): with `--json` exactly
 * `{ id, status, outputs, error: {code, message} | null, nodes: [{ id, type, status, attempts, outputs, error }] }`
 * — one entry per node of the graph, in the order they first started or were decided (skipped ones too),
 * then the nodes not reached yet (status `pending`) in graph order.
 */
import type { RunErrorInfo, RunSnapshot } from "@/lib/workflow/run-store";

export interface ReportError {
  code: string;
  message: string;
}

export interface NodeReport {
  id: string;
  type: string;
  status: string;
  attempts: number;
  outputs: unknown;
  error: ReportError | null;
}

export interface RunReport {
  id: string;
  status: string;
  outputs: Record<string, unknown> | null;
  error: ReportError | null;
  nodes: NodeReport[];
}

function reportError(error: RunErrorInfo | null): ReportError | null {
  return error ? { code: error.code, message: error.message } : null;
}

/** The report of a stored run (its graph snapshot gives the nodes not reached yet). */
export function runReport(snapshot: RunSnapshot): RunReport {
  const { run } = snapshot;
  const nodes: NodeReport[] = [...snapshot.nodeRuns]
    .sort((a, b) => a.position - b.position)
    .map((nodeRun) => ({
      id: nodeRun.nodeId,
      type: nodeRun.nodeType,
      status: nodeRun.status,
      attempts: nodeRun.attempts,
      outputs: nodeRun.outputs ?? null,
      error: reportError(nodeRun.error),
    }));
  const seen = new Set(nodes.map((node) => node.id));
  const graph = run.graph as { nodes?: Array<{ id: string; type: string }> } | null;
  for (const node of graph?.nodes ?? []) {
    if (!seen.has(node.id)) nodes.push({ id: node.id, type: node.type, status: "pending", attempts: 0, outputs: null, error: null });
  }
  return { id: run.id, status: run.status, outputs: run.outputs, error: reportError(run.error), nodes };
}

/** A few readable lines: the run, one line per node, the outputs or the error, and what to do when waiting. */
export function formatRunReport(report: RunReport, snapshot: RunSnapshot): string {
  const lines = [`run ${report.id} ${report.status}`];
  const idWidth = Math.max(4, ...report.nodes.map((node) => node.id.length));
  const typeWidth = Math.max(4, ...report.nodes.map((node) => node.type.length));
  for (const node of report.nodes) {
    const error = node.error ? `  ${node.error.code}: ${node.error.message}` : "";
    lines.push(`  ${node.id.padEnd(idWidth)}  ${node.type.padEnd(typeWidth)}  ${node.status.padEnd(9)}  attempts ${node.attempts}${error}`);
  }
  if (report.outputs) lines.push(`outputs ${JSON.stringify(report.outputs)}`);
  if (report.error) lines.push(`error ${report.error.code}: ${report.error.message}`);
  for (const approval of snapshot.approvals.filter((a) => a.status === "pending")) {
    lines.push(`waiting for ${approval.nodeId}: ${approval.title}${approval.assignee ? ` (assignee ${approval.assignee})` : ""}`);
    lines.push(`  decide with: npm run workflow -- decide ${report.id} ${approval.nodeId} --approve|--reject [--note TEXT]`);
  }
  return lines.join("\n");
}
