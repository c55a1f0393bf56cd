import { describe, expect, it } from "vitest";
import type { ResourceCatalog } from "@/lib/resource-catalog";
import { isResourceKey, resourceHint, resourceOptions } from "./resource-id-input";

const catalog: ResourceCatalog = {
  connectors: [
    { key: "crm", name: "CRM", actions: [{ key: "find", name: "Find contact" }] },
    {
      key: "orders",
      name: "Orders",
      actions: [
        { key: "get", name: "Get order" },
        { key: "ship", name: "Ship order" },
      ],
    },
  ],
  mcpServers: [
    { key: "files", name: "Files", enabled: true },
    { key: "old", name: "Old tools", enabled: false },
  ],
};

describe("resource id fields", () => {
  it("are the connector, action and MCP server ids", () => {
    expect(["connector_id", "action_id", "server_id", "tool_name", "title"].filter(isResourceKey)).toEqual([
      "connector_id",
      "action_id",
      "server_id",
    ]);
  });

  it("suggest connectors, the actions of the connector typed beside, and MCP servers (disabled ones marked)", () => {
    expect(resourceOptions(catalog, "connector_id", "").options.map((o) => o.key)).toEqual(["crm", "orders"]);
    expect(resourceOptions(catalog, "action_id", "orders")).toEqual({
      options: [
        { key: "get", name: "Get order" },
        { key: "ship", name: "Ship order" },
      ],
      scope: "orders",
    });
    expect(resourceOptions(catalog, "action_id", "nope")).toEqual({ options: [], scope: null });
    expect(resourceOptions(catalog, "server_id", "").options).toEqual([
      { key: "files", name: "Files" },
      { key: "old", name: "Old tools (disabled)" },
    ]);
  });

  it("say when a value names nothing the workspace has, with the keys it does have", () => {
    const connectors = resourceOptions(catalog, "connector_id", "").options;
    expect(resourceHint("connector_id", "orders", connectors, null, "help")).toEqual({ text: "help", unknown: false });
    expect(resourceHint("connector_id", "", connectors, null, "help")).toEqual({ text: "help", unknown: false });
    expect(resourceHint("connector_id", "order", connectors, null, "help")).toEqual({
      text: 'No connector "order" in this workspace; a run would fail. Known: crm, orders.',
      unknown: true,
    });
    const actions = resourceOptions(catalog, "action_id", "orders");
    expect(resourceHint("action_id", "gett", actions.options, actions.scope, undefined)).toEqual({
      text: 'No action "gett" of connector "orders"; a run would fail. Known: get, ship.',
      unknown: true,
    });
    // an action of a connector that does not exist: the connector field says so, not this one
    expect(resourceHint("action_id", "x", [], null, "help")).toEqual({ text: "help", unknown: false });
    expect(resourceHint("server_id", "gone", [], null, undefined)).toEqual({
      text: 'No MCP server "gone" in this workspace; a run would fail.',
      unknown: true,
    });
  });
});
