"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { NodeRunState, NodeStatusStore } from "../node-status-store";

/** What the editor knows of one node in the run it shows, from the run's events (spec §9). */
export interface NodeRunDetails {
  status: NodeRunState["status"];
  attempt?: number;
  inputs?: unknown;
  outputs?: unknown;
  error?: { code: string; message: string } | null;
  elapsedMs?: number;
  /** Streamed model text (node.delta), for LLM and AGENT while they run. */
  text?: string;
  approval?: { id: string; assignee: string; title: string };
}

export interface RunView {
  id: string;
  status: string;
  error: { code: string; message: string } | null;
  outputs: Record<string, unknown> | null;
  elapsedMs: number | null;
  connection: "open" | "closed" | "lost";
}

type WireEvent = { type: string; node_id?: string } & Record<string, unknown>;

const EVENT_TYPES = [
  "run.started",
  "node.started",
  "node.delta",
  "node.retrying",
  "node.waiting",
  "node.ended",
  "node.skipped",
  "approval.decided",
  "run.waiting",
  "run.ended",
] as const;

/**
 * Follows a run's events over SSE (/api/runs/:id/events, spec §9) and paints them on the canvas: each
 * node's status and elapsed time go to the node status store (only that node re-renders); the details
 * (inputs, outputs, error, approval) are kept for the side panel. The server ends the stream at `run.ended`
 * or `run.waiting`. At `run.ended` the watcher closes it; at `run.waiting` it lets EventSource reconnect
 * (with Last-Event-ID, after its retry delay, ~3 s), and that stream stays open until the run moves on: a
 * waiting run resumes wherever its approval is decided (the inbox, another tab, the API), and the canvas
 * follows it there. `watch` replays a run's events from the first (so a run found on reload is painted as
 * it stands) and follows it.
 */
export function useRunWatcher(store: NodeStatusStore) {
  const [run, setRun] = useState<RunView | null>(null);
  const [details, setDetails] = useState<Record<string, NodeRunDetails>>({});
  const source = useRef<EventSource | null>(null);

  const stop = useCallback(() => {
    source.current?.close();
    source.current = null;
  }, []);

  const clear = useCallback(() => {
    stop();
    store.clearRuns();
    setRun(null);
    setDetails({});
  }, [stop, store]);

  const watch = useCallback(
    (runId: string, nodeIds: readonly string[], initialStatus = "queued") => {
      stop();
      store.clearRuns();
      const pending: Record<string, NodeRunDetails> = {};
      for (const id of nodeIds) {
        pending[id] = { status: "pending" };
        store.setRun(id, { status: "pending" });
      }
      setDetails(pending);
      setRun({ id: runId, status: initialStatus, error: null, outputs: null, elapsedMs: null, connection: "open" });
      const events = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events`);
      source.current = events;

      const updateNode = (nodeId: string, patch: Partial<NodeRunDetails>) => {
        setDetails((all) => {
          const next = { ...(all[nodeId] ?? { status: "pending" }), ...patch } as NodeRunDetails;
          store.setRun(nodeId, { status: next.status, elapsedMs: next.elapsedMs });
          return { ...all, [nodeId]: next };
        });
      };

      const onEvent = (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as WireEvent;
        const nodeId = event.node_id;
        switch (event.type) {
          case "run.started":
            setRun((current) => current && { ...current, status: "running" });
            break;
          case "node.started":
            if (nodeId)
              updateNode(nodeId, {
                status: "running",
                attempt: event.attempt as number,
                inputs: event.inputs,
                error: null,
                text: undefined,
              });
            break;
          case "node.delta":
            if (nodeId)
              setDetails((all) => ({
                ...all,
                [nodeId]: { ...(all[nodeId] ?? { status: "running" }), text: `${all[nodeId]?.text ?? ""}${String(event.text ?? "")}` },
              }));
            break;
          case "node.retrying":
            if (nodeId) updateNode(nodeId, { status: "running", error: event.error as NodeRunDetails["error"] });
            break;
          case "node.waiting":
            if (nodeId) {
              updateNode(nodeId, {
                status: "waiting",
                approval: { id: String(event.approval_id), assignee: String(event.assignee ?? ""), title: String(event.title ?? "") },
              });
            }
            break;
          case "node.ended":
            if (nodeId) {
              updateNode(nodeId, {
                status: event.status === "failed" ? "failed" : "succeeded",
                outputs: event.outputs,
                error: (event.error as NodeRunDetails["error"]) ?? null,
                elapsedMs: event.elapsed_ms as number,
              });
            }
            break;
          case "node.skipped":
            if (nodeId) updateNode(nodeId, { status: "skipped" });
            break;
          case "approval.decided":
            // decided: the node no longer waits for anyone (its outputs come with node.ended)
            if (nodeId) updateNode(nodeId, { status: "running", approval: undefined });
            break;
          case "run.waiting":
            // not closed: EventSource reconnects after the stream ends and follows the decision (see above)
            setRun((current) => current && { ...current, status: "waiting" });
            break;
          case "run.ended":
            setRun(
              (current) =>
                current && {
                  ...current,
                  status: String(event.status),
                  error: (event.error as RunView["error"]) ?? null,
                  outputs: (event.outputs as RunView["outputs"]) ?? null,
                  elapsedMs: (event.elapsed_ms as number) ?? null,
                  connection: "closed",
                },
            );
            // nodes the run never got to (it failed or was cancelled first) say so instead of "pending"
            setDetails((all) => {
              const next = { ...all };
              for (const [id, details] of Object.entries(all)) {
                if (details.status !== "pending") continue;
                next[id] = { ...details, status: "not_reached" };
                store.setRun(id, { status: "not_reached" });
              }
              return next;
            });
            events.close();
            break;
        }
      };
      for (const type of EVENT_TYPES) events.addEventListener(type, onEvent as EventListener);
      events.onerror = () => {
        // EventSource reconnects by itself (with Last-Event-ID); say so only when it gave up
        if (events.readyState === EventSource.CLOSED)
          setRun((current) => (current && current.connection === "open" ? { ...current, connection: "lost" } : current));
      };
    },
    [stop, store],
  );

  useEffect(() => stop, [stop]);

  return { run, details, watch, clear };
}
