"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useRef } from "react";
import { CLIPBOARD_STORAGE_KEY, type ClipboardPayload, copySelection, parseClipboard } from "../clipboard";
import type { EditorOperations } from "./use-editor-graph";

/** The canvas element's box on screen (px), or undefined before it is laid out. */
function canvasBox(): DOMRect | undefined {
  return document.querySelector("[data-testid=canvas]")?.getBoundingClientRect();
}

/** The point of the flow at a fraction of the canvas element's box (the middle of the view by default). */
export function canvasPoint(flow: ReturnType<typeof useReactFlow>, fractionY = 0.5): { x: number; y: number } {
  const box = canvasBox();
  return box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height * fractionY }) : { x: 0, y: 0 };
}

/** Whether the flow point `point` is inside the canvas element's box on screen. */
function inView(flow: ReturnType<typeof useReactFlow>, point: { x: number; y: number }): boolean {
  const box = canvasBox();
  if (!box) return false;
  const screen = flow.flowToScreenPosition(point);
  return screen.x >= box.left && screen.x <= box.right && screen.y >= box.top && screen.y <= box.bottom;
}

/**
 * Copy and paste of the selected nodes, also between workflows: a copy goes to the system clipboard and to
 * this browser's storage (the system clipboard may refuse); a paste of nodes from this workflow lands offset
 * from the originals when that place is in view, otherwise (another workflow, or panned away) in the
 * middle of the view. `notify` shows a short message.
 */
export function useClipboardActions(operations: EditorOperations, notify: (message: string) => void) {
  const flow = useReactFlow();
  const pasteCount = useRef(0);

  const copyNodes = useCallback(
    (event?: ClipboardEvent) => {
      const payload = copySelection(operations.getGraph());
      if (!payload) return;
      const text = JSON.stringify(payload);
      window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
      pasteCount.current = 0;
      if (event?.clipboardData) {
        event.clipboardData.setData("text/plain", text);
        event.preventDefault();
      } else {
        navigator.clipboard
          ?.writeText(text)
          .catch((error: unknown) => console.warn("[editor] system clipboard refused; copied in this browser only", error));
      }
      notify(`Copied ${payload.nodes.length} ${payload.nodes.length === 1 ? "node" : "nodes"}.`);
    },
    [operations, notify],
  );

  const pastePayload = useCallback(
    (payload: ClipboardPayload) => {
      const existing = new Set(operations.getGraph().nodes.map((node) => node.id));
      const fromHere = payload.nodes.some((node) => existing.has(node.id));
      const minX = Math.min(...payload.nodes.map((node) => node.position.x));
      const minY = Math.min(...payload.nodes.map((node) => node.position.y));
      const step = 40 * (pasteCount.current + 1);
      let offset: { x: number; y: number };
      if (fromHere && inView(flow, { x: minX + step, y: minY + step })) {
        pasteCount.current += 1;
        offset = { x: step, y: step };
      } else {
        const center = canvasPoint(flow, 1 / 3);
        offset = { x: Math.round(center.x - minX), y: Math.round(center.y - minY) };
      }
      operations.paste(payload, offset);
    },
    [operations, flow],
  );

  const pasteFromEvent = useCallback(
    (event: ClipboardEvent) => {
      const payload =
        parseClipboard(event.clipboardData?.getData("text/plain")) ?? parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY));
      if (!payload) return;
      event.preventDefault();
      pastePayload(payload);
    },
    [pastePayload],
  );

  const pasteFromButton = useCallback(async () => {
    let text: string | null = null;
    try {
      text = (await navigator.clipboard?.readText()) ?? null;
    } catch (error) {
      console.warn("[editor] cannot read the system clipboard; using this browser's copy", error);
    }
    const payload = parseClipboard(text) ?? parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY));
    if (payload) pastePayload(payload);
    else notify("Nothing to paste: copy nodes first (here or in another workflow).");
  }, [pastePayload, notify]);

  return { copyNodes, pasteFromEvent, pasteFromButton };
}
