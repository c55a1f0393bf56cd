"use client";

import { formatDiffValue, type GraphDiff, isEmptyDiff } from "@/lib/workflow-diff";

/** Up to 8 ids, then how many more. */
function listed(ids: readonly string[]): string {
  return ids.length <= 8 ? ids.join(", ") : `${ids.slice(0, 8).join(", ")} and ${ids.length - 8} more`;
}

/**
 * A graph diff, readable: nodes added and removed, fields changed (before → after), edges added and
 * removed, and which nodes moved (layout; alone it is said to be the only difference).
 */
export function DiffView({ diff }: { diff: GraphDiff }) {
  if (isEmptyDiff(diff)) {
    return (
      <p className="text-sm text-zinc-500" data-testid="version-diff-layout">
        {diff.moved.length === 0
          ? "No changes."
          : `Same steps and settings; only the layout differs: ${diff.moved.length} node${diff.moved.length === 1 ? "" : "s"} moved (${listed(diff.moved)}).`}
      </p>
    );
  }
  return (
    <div className="space-y-3 text-sm" data-testid="version-diff">
      {diff.nodesAdded.length ? (
        <section>
          <h4 className="text-xs font-semibold text-green-700 uppercase dark:text-green-400">Nodes added</h4>
          <ul className="mt-1 space-y-0.5">
            {diff.nodesAdded.map((node) => (
              <li key={node.id}>
                + <strong>{node.title}</strong>{" "}
                <code className="text-xs text-zinc-500">
                  {node.id} · {node.type}
                </code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.nodesRemoved.length ? (
        <section>
          <h4 className="text-xs font-semibold text-red-700 uppercase dark:text-red-400">Nodes removed</h4>
          <ul className="mt-1 space-y-0.5">
            {diff.nodesRemoved.map((node) => (
              <li key={node.id}>
                − <strong>{node.title}</strong>{" "}
                <code className="text-xs text-zinc-500">
                  {node.id} · {node.type}
                </code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.nodesChanged.length ? (
        <section>
          <h4 className="text-xs font-semibold text-amber-700 uppercase dark:text-amber-400">Nodes changed</h4>
          <ul className="mt-1 space-y-2">
            {diff.nodesChanged.map((node) => (
              <li key={node.id}>
                <strong>{node.title}</strong> <code className="text-xs text-zinc-500">{node.id}</code>
                <ul className="mt-0.5 space-y-0.5 pl-4 font-mono text-xs">
                  {node.typeChange ? (
                    <li>
                      type: {node.typeChange.before} → {node.typeChange.after}
                    </li>
                  ) : null}
                  {node.fields.map((field) => (
                    <li key={field.path} className="break-all">
                      <span className="text-zinc-500">{field.path}:</span>{" "}
                      {field.kind === "added" ? (
                        <span className="text-green-700 dark:text-green-400">+ {formatDiffValue(field.after)}</span>
                      ) : field.kind === "removed" ? (
                        <span className="text-red-700 dark:text-red-400">− {formatDiffValue(field.before)}</span>
                      ) : (
                        <>
                          <span className="text-red-700 line-through dark:text-red-400">{formatDiffValue(field.before)}</span> →{" "}
                          <span className="text-green-700 dark:text-green-400">{formatDiffValue(field.after)}</span>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.edgesAdded.length || diff.edgesRemoved.length ? (
        <section>
          <h4 className="text-xs font-semibold text-zinc-600 uppercase dark:text-zinc-400">Connections</h4>
          <ul className="mt-1 space-y-0.5 font-mono text-xs">
            {diff.edgesAdded.map((edge) => (
              <li key={`+${edge.label}`} className="text-green-700 dark:text-green-400">
                + {edge.label}
              </li>
            ))}
            {diff.edgesRemoved.map((edge) => (
              <li key={`-${edge.label}`} className="text-red-700 dark:text-red-400">
                − {edge.label}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.moved.length ? (
        <section>
          <h4 className="text-xs font-semibold text-zinc-600 uppercase dark:text-zinc-400">Layout</h4>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="version-diff-moved">
            {diff.moved.length} node{diff.moved.length === 1 ? "" : "s"} moved ({listed(diff.moved)})
          </p>
        </section>
      ) : null}
    </div>
  );
}
