/**
 * CONNECTOR (spec §2): calls a connector action through `services.connectors` with the rendered
 * `parameters` (each single reference keeps its type). A status of 400 or more fails the node with
 * `http_status`, keeping `{status, headers, body}` in the error's details.
 */
import { z } from "zod";
import { WorkflowError } from "../errors";
import { renderValue, type TemplateScope } from "../template";
import { commonDataShape, missingService, templateMapSchema, unnamedHandle } from "./common";
import { defineNode } from "./node-definition";

/** The `data` of a CONNECTOR node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const connectorConfigSchema = z.object({
  ...commonDataShape,
  connector_id: z
    .string()
    .min(1, "Required: the connector's key, as listed under Settings → Connectors (e.g. demo_orders).")
    .describe("The connector's key (Settings → Connectors; resources.connectors[].id in a workflow file)."),
  action_id: z
    .string()
    .min(1, "Required: the key of one of the connector's actions, as listed on its page (e.g. get_order).")
    .describe("The key of the connector's action to call (listed on the connector's page)."),
  parameters: templateMapSchema.default({}).describe("Parameter name → template; becomes {{params.NAME}} in the action."),
});

/** Parsed `data` of a CONNECTOR node. */
export type ConnectorConfig = z.infer<typeof connectorConfigSchema>;

/** The outputs of a CONNECTOR node (spec §2). */
export const connectorOutputSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
});

/** Outputs of a CONNECTOR node. */
export type ConnectorOutputs = z.infer<typeof connectorOutputSchema>;

/** Resolved inputs of a CONNECTOR node. */
export interface ConnectorInputs {
  connector_id: string;
  action_id: string;
  parameters: Record<string, unknown>;
}

/** The CONNECTOR node type: schemas, handles, editor metadata, executor. */
export const connectorNode = defineNode({
  type: "CONNECTOR",
  configSchema: connectorConfigSchema,
  outputSchema: connectorOutputSchema,
  meta: {
    label: "Connector",
    description: "Calls an action of an HTTP API connector.",
    icon: "Plug",
    color: "#ea580c",
    category: "integration",
    defaultData: { title: "Connector", connector_id: "", action_id: "", parameters: {} },
  },
  templateFields: ["parameters"],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(config: ConnectorConfig, scope: TemplateScope): ConnectorInputs {
    return {
      connector_id: config.connector_id,
      action_id: config.action_id,
      parameters: renderValue(config.parameters, scope) as Record<string, unknown>,
    };
  },
  async execute(context) {
    const connectors = context.services.connectors ?? missingService("CONNECTOR", "connectors");
    const { inputs } = context;
    const result = await connectors.call({
      connectorId: inputs.connector_id,
      actionId: inputs.action_id,
      parameters: inputs.parameters,
      actor: context.run.userId === null ? undefined : { userId: context.run.userId },
      signal: context.signal,
    });
    if (result.status >= 400) {
      throw new WorkflowError("http_status", `${inputs.connector_id}.${inputs.action_id} answered HTTP ${result.status}`, {
        details: { status: result.status, headers: result.headers, body: result.body },
      });
    }
    return { outputs: { status: result.status, headers: result.headers, body: result.body } };
  },
});
