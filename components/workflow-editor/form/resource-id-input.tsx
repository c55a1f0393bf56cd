"use client";

import { createContext, useContext } from "react";
import { type Control, type UseFormRegister, useWatch } from "react-hook-form";
import { Field, Input } from "@/components/ui/field";
import { EMPTY_CATALOG, type ResourceCatalog } from "@/lib/resource-catalog";
import type { FormValues } from "./schema-fields";

/** The workspace's connectors and MCP servers, for the resource id fields (set by the editor). */
export const ResourceCatalogContext = createContext<ResourceCatalog>(EMPTY_CATALOG);

/** Node config keys that name a resource, and what they name. */
const RESOURCE_KEYS = { connector_id: "connector", action_id: "action", server_id: "MCP server" } as const;
type ResourceKey = keyof typeof RESOURCE_KEYS;

export function isResourceKey(name: string): name is ResourceKey {
  return Object.hasOwn(RESOURCE_KEYS, name);
}

/** The suggestions for `name`: key and display name; actions are those of the connector typed beside. */
export function resourceOptions(
  catalog: ResourceCatalog,
  name: ResourceKey,
  connectorId: string,
): { options: { key: string; name: string }[]; scope: string | null } {
  if (name === "connector_id") return { options: catalog.connectors, scope: null };
  if (name === "server_id")
    return { options: catalog.mcpServers.map((s) => ({ key: s.key, name: s.enabled ? s.name : `${s.name} (disabled)` })), scope: null };
  const connector = catalog.connectors.find((c) => c.key === connectorId);
  return { options: connector?.actions ?? [], scope: connector ? connectorId : null };
}

/**
 * What to say under a resource id field: the usual help, or — when the value names nothing the workspace
 * has — that a run will fail, with the keys it does have.
 */
export function resourceHint(
  name: ResourceKey,
  value: string,
  options: { key: string }[],
  scope: string | null,
  help: string | undefined,
): { text: string | undefined; unknown: boolean } {
  if (!value || options.some((o) => o.key === value)) return { text: help, unknown: false };
  if (name === "action_id" && scope === null) return { text: help, unknown: false };
  const what = RESOURCE_KEYS[name];
  const where = name === "action_id" ? ` of connector "${scope}"` : " in this workspace";
  const known = options.length ? ` Known: ${options.map((o) => o.key).join(", ")}.` : "";
  return { text: `No ${what} "${value}"${where}; a run would fail.${known}`, unknown: true };
}

/** A text input for a resource id, suggesting the workspace's keys (a datalist: free text still allowed). */
export function ResourceIdInput({
  id,
  name,
  label,
  help,
  error,
  control,
  register,
}: {
  id: string;
  name: ResourceKey;
  label: string;
  help: string | undefined;
  error: string | undefined;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
}) {
  const catalog = useContext(ResourceCatalogContext);
  const value = useWatch({ control, name });
  const connectorId = useWatch({ control, name: "connector_id" });
  const { options, scope } = resourceOptions(catalog, name, typeof connectorId === "string" ? connectorId : "");
  const hint = resourceHint(name, typeof value === "string" ? value : "", options, scope, help);
  const listId = `${id}-options`;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      help={
        hint.unknown ? (
          <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="resource-unknown">
            {hint.text}
          </span>
        ) : (
          hint.text
        )
      }
    >
      <Input id={id} list={listId} autoComplete="off" invalid={Boolean(error)} {...register(name)} />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.name}
          </option>
        ))}
      </datalist>
    </Field>
  );
}
