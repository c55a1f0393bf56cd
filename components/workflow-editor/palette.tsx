"use client";

import { memo } from "react";
import { NODE_TYPES, type NodeCategory, type NodeType } from "@/lib/workflow/nodes/node-definition";
import { nodeRegistry } from "@/lib/workflow/nodes/registry";
import { iconFor } from "./nodes/node-icons";
import { PALETTE_DRAG_TYPE } from "./types";

const CATEGORY_LABELS: Record<NodeCategory, string> = {
  control: "Flow",
  model: "AI",
  knowledge: "Knowledge",
  integration: "Integrations",
  human: "People",
};

const CATEGORY_ORDER: NodeCategory[] = ["control", "model", "knowledge", "integration", "human"];

/**
 * The nine node types, grouped by category (from each type's editor metadata). Drag one onto the canvas,
 * or click it to add it after the selected node.
 */
export const Palette = memo(function Palette({ onAdd, hasStart }: { onAdd: (type: NodeType) => void; hasStart: boolean }) {
  return (
    <nav
      aria-label="Node palette"
      className="flex w-52 shrink-0 flex-col gap-3 overflow-y-auto border-r border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Drag onto the canvas, or click to add after the selected node.</p>
      {CATEGORY_ORDER.map((category) => {
        const types = NODE_TYPES.filter((type) => nodeRegistry[type].meta.category === category);
        return (
          <div key={category}>
            <p className="mb-1 text-[10px] font-semibold tracking-wide text-zinc-500 uppercase">{CATEGORY_LABELS[category]}</p>
            <ul className="space-y-1">
              {types.map((type) => {
                const meta = nodeRegistry[type].meta;
                const Icon = iconFor(meta.icon);
                const disabled = type === "START" && hasStart;
                return (
                  <li key={type}>
                    <button
                      type="button"
                      draggable={!disabled}
                      disabled={disabled}
                      data-testid={`palette-${type}`}
                      title={disabled ? "A workflow has exactly one Start." : meta.description}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
                        event.dataTransfer.effectAllowed = "move";
                      }}
                      onClick={() => onAdd(type)}
                      className="flex w-full cursor-grab items-center gap-2 rounded-md border border-zinc-200 bg-white px-2 py-1.5 text-left text-sm hover:border-brand-500 hover:bg-brand-50 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
                    >
                      <span
                        className="inline-flex size-5 shrink-0 items-center justify-center rounded text-white"
                        style={{ backgroundColor: meta.color }}
                      >
                        <Icon size={12} aria-hidden="true" />
                      </span>
                      <span className="truncate">{meta.label}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
});
