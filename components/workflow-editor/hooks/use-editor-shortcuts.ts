"use client";

import { useEffect, useRef } from "react";

/** True when the event comes from a place where keys edit text (inputs, text areas, selects, contenteditable). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("dialog") !== null;
}

/**
 * True when focus is inside the canvas, or on nothing (the page itself) while no node's side panel is open:
 * a click on the panel's plain text leaves focus on nothing, and Ctrl/⌘+A there is not meant for the nodes.
 */
function onCanvasOrPage(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest(".react-flow") !== null) return true;
  return (target === document.body || target === document.documentElement) && document.querySelector("[data-testid=side-panel]") === null;
}

/**
 * Editor shortcuts while focus is not in a text field: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo,
 * Ctrl/⌘+A select every node (only with focus on the canvas or nowhere, not on the side panel's buttons;
 * never the page's text), and the copy/paste events (which carry the system clipboard) for nodes.
 */
export function useEditorShortcuts(handlers: {
  undo: () => void;
  redo: () => void;
  selectAll: () => void;
  copy: (event: ClipboardEvent) => void;
  paste: (event: ClipboardEvent) => void;
}) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditableTarget(event.target) || !(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        latest.current.undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        latest.current.redo();
      } else if (key === "a" && !event.shiftKey && !event.altKey) {
        // never the whole page's text (the browser's default) outside text fields
        event.preventDefault();
        if (onCanvasOrPage(event.target)) latest.current.selectAll();
      }
    };
    const onCopy = (event: ClipboardEvent) => {
      if (isEditableTarget(event.target) || (window.getSelection()?.toString() ?? "") !== "") return;
      latest.current.copy(event);
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isEditableTarget(event.target)) return;
      latest.current.paste(event);
    };
    window.addEventListener("keydown", onKeyDown);
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPaste);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPaste);
    };
  }, []);
}
