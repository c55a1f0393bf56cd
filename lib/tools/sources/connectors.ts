/**
 * Connectors as tools: each action is `{connector}__{action}` (category `connector`). Actions above the
 * caller's access level are not offered, and the connector service checks the level again on every call.
 */
import { roleHoldsAccess } from "@/lib/connectors/access";
import type { AccessLevel } from "@/lib/connectors/types";
import type { ConnectorCallRequest, ConnectorCallResult } from "@/lib/workflow/services";
import { ToolError } from "../tool-error";
import { toToolName } from "../tool-set";
import type { JsonSchema, Tool } from "../types";

export interface ConnectorSummary {
  id: string;
  name: string;
  description?: string;
  actions: { id: string; name: string; description?: string; method?: string; parameters?: JsonSchema; access?: AccessLevel }[];
}

export type CallConnector = (request: ConnectorCallRequest) => Promise<ConnectorCallResult>;

/** One tool per action the role may use. */
export function createConnectorTools(options: { connectors: ConnectorSummary[]; call: CallConnector; role: string | undefined }): Tool[] {
  const tools: Tool[] = [];
  for (const connector of options.connectors) {
    for (const action of connector.actions) {
      const access = action.access ?? "read";
      if (!roleHoldsAccess(options.role, access)) continue;
      const parameters: JsonSchema =
        action.parameters && action.parameters.type === "object" ? action.parameters : { type: "object", properties: {} };
      tools.push({
        name: toToolName(`${connector.id}__${action.id}`),
        description:
          `${connector.name}: ${action.name}${action.method ? ` (${action.method}, ${access})` : ""}. ${action.description ?? connector.description ?? ""}`.trim(),
        parameters,
        category: "connector",
        provider: `connector:${connector.id}`,
        async run(args, context) {
          const result = await options.call({
            connectorId: connector.id,
            actionId: action.id,
            parameters: args,
            actor: context.actor,
            signal: context.signal,
          });
          if (result.status >= 400) {
            const body = typeof result.body === "string" ? result.body : JSON.stringify(result.body);
            throw new ToolError("http_status", `HTTP ${result.status}: ${body.slice(0, 1000)}`, { details: { status: result.status } });
          }
          return { status: result.status, body: result.body as never, ...(result.truncated ? { truncated: true } : {}) };
        },
      });
    }
  }
  return tools;
}
