/**
 * The NodeServices of one run (lib/workflow/services.ts) over this database: the default model provider
 * merged with env overrides (spec §8), connectors (lib/capabilities/connectors: SSRF policy from Settings
 * `net.*` + env SWITCHYARD_ALLOWED_HOSTS, audited), a fresh MCP session pool per run (closed by the engine
 * when the run stops), knowledge retrieval over Chunk rows, and the workspace variables.
 *
 * The engine asks for services synchronously when a run session starts, so everything that needs the
 * database is resolved lazily, on the first call, once per run. The model client, the MCP SDK and the
 * knowledge index (tokenizer, extractors) are imported on first use too: a CLI run that needs none of them
 * starts seconds faster.
 */
import { createRunConnectorCaller } from "@/lib/capabilities/connectors";
import type { Db } from "@/lib/db/client";
import { getMcpServerDefinition } from "@/lib/db/queries/capability-definitions";
import type { WorkspaceEnv } from "@/lib/db/queries/env-variables";
import { getStoredModelSettings } from "@/lib/db/queries/model-providers";
import { getAllowStdio, getSsrfPolicy } from "@/lib/db/queries/settings";
import { resolveModelConfig } from "@/lib/llm/model-config";
import type { McpSessionPool } from "@/lib/mcp/session-pool";
import type { NodeRunInfo } from "@/lib/workflow/nodes/node-definition";
import type { ConnectorService, KnowledgeService, LlmService, McpService, NodeServices } from "@/lib/workflow/services";

export interface RunServicesOptions {
  db: Db;
  /** The environment for model overrides and SWITCHYARD_ALLOW_STDIO; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The workspace variables as last loaded (refreshed before each start, decision and resume). */
  workspaceEnv: () => WorkspaceEnv;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

function lazyLlm(db: Db, env: Record<string, string | undefined>): LlmService {
  const service = once(async () => {
    const config = resolveModelConfig(await getStoredModelSettings(db), env);
    const { createLlmService } = await import("@/lib/llm/llm-service");
    return createLlmService(config);
  });
  return { complete: async (request) => (await service()).complete(request) };
}

/**
 * Connector calls of one run with the run's user as actor (email and role looked up once, for access levels,
 * private connectors and the audit log); the SSRF policy and connector definitions are read once per run too
 * (`createRunConnectorCaller`). Each call still writes its audit entry.
 */
function runConnectors(db: Db, run: NodeRunInfo): ConnectorService {
  return { call: createRunConnectorCaller(db, run.userId) };
}

/**
 * One MCP session pool for the run, opened on the first tool call. Stdio servers may start only when Setting
 * `mcp.allow_stdio` is true or env SWITCHYARD_ALLOW_STDIO=1.
 */
function runMcp(db: Db, env: Record<string, string | undefined>): McpService {
  let pool: Promise<McpSessionPool> | undefined;
  const open = async () => {
    const [allowStdio, ssrf] = await Promise.all([getAllowStdio(db), getSsrfPolicy(db)]);
    const { createMcpSessionPool } = await import("@/lib/mcp/session-pool");
    return createMcpSessionPool({
      resolveServer: (key) => getMcpServerDefinition(db, key),
      allowStdio: allowStdio || env.SWITCHYARD_ALLOW_STDIO === "1",
      ssrf,
    });
  };
  return {
    async callTool(request) {
      pool ??= open();
      return (await pool).callTool(request);
    },
    async close() {
      if (!pool) return;
      const opening = pool;
      pool = undefined;
      // A pool that failed to open has no sessions; its error already failed the tool call that opened it.
      const opened = await opening.then(
        (value) => value,
        () => null,
      );
      await opened?.close();
    },
  };
}

/** Retrieval over Chunk rows (lib/capabilities/knowledge: the database full-text index — FTS5 bm25 / tsvector — fused with embeddings when the knowledge base has a model). */
function dbKnowledge(db: Db): KnowledgeService {
  return { retrieve: async (request) => (await import("@/lib/capabilities/knowledge")).retrieve(db, request) };
}

/** The service factory the engine calls once per run session (EngineOptions.services). */
export function createRunServicesFactory(options: RunServicesOptions): (run: NodeRunInfo) => NodeServices {
  const env = options.env ?? process.env;
  const knowledge = dbKnowledge(options.db);
  return (run) => {
    const workspace = options.workspaceEnv();
    return {
      llm: lazyLlm(options.db, env),
      connectors: runConnectors(options.db, run),
      mcp: runMcp(options.db, env),
      knowledge,
      env: workspace.values,
      secretEnvNames: workspace.secretNames,
    };
  };
}
