/**
 * The shape of what the editor suggests for a node's resource ids (lib/db/queries/editor-catalog.ts
 * loads it; components/workflow-editor/form/resource-id-input.tsx shows it). Pure types, safe in the
 * browser bundle.
 */

/** Resource keys (the ids documents name, spec §1 `resources`) and display names, each list sorted by name. */
export interface ResourceCatalog {
  connectors: { key: string; name: string; actions: { key: string; name: string }[] }[];
  /** `enabled` false: a run calling it fails until an administrator enables it. */
  mcpServers: { key: string; name: string; enabled: boolean }[];
}

export const EMPTY_CATALOG: ResourceCatalog = { connectors: [], mcpServers: [] };
