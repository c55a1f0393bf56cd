/**
 * What the editor suggests for a node's resource ids (CONNECTOR `connector_id` / `action_id`, MCP
 * `server_id`): the connectors with their actions and the MCP servers the viewer may use, by key (the ids
 * documents name, spec §1 `resources`). Suggestions only: a document may name a resource before it exists.
 */
import type { ResourceCatalog } from "@/lib/resource-catalog";
import type { Db } from "../client";
import { type Viewer, visibleTo as connectorsVisibleTo } from "./connector-access";
import { mcpServersVisibleTo } from "./mcp-servers";

/** The connectors (with actions) and MCP servers `viewer` may see. */
export async function getResourceCatalog(db: Db, viewer: Viewer): Promise<ResourceCatalog> {
  const [connectors, servers] = await Promise.all([
    db.connector.findMany({
      where: connectorsVisibleTo(viewer),
      orderBy: { name: "asc" },
      select: { key: true, name: true, actions: { select: { key: true, name: true }, orderBy: { name: "asc" } } },
    }),
    // key, name and enabled only: the server views of listMcpServers decrypt every header and env value to mask it
    db.mcpServer.findMany({
      where: mcpServersVisibleTo(viewer),
      orderBy: { name: "asc" },
      select: { key: true, name: true, enabled: true },
    }),
  ]);
  return { connectors, mcpServers: servers };
}
