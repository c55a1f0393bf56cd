/**
 * Imports connector actions from an OpenAPI 3.x document, dereferenced with @apidevtools/swagger-parser.
 * A Swagger 2.0 document is refused with a message that says how to convert it: its form parameters,
 * `consumes` and security definitions have no mapping here, and importing it partly used to drop form
 * parameters and ignore `consumes` without a word. External `$ref`s (files, URLs) are NOT followed: an imported document must
 * not make the server read files or fetch URLs. Circular `$ref`s are left in place.
 *
 * Mapping, one action per operation (OpenAPI 3.1 §4.8.10 Operation Object):
 * - `id`: the operationId slugged to snake_case (`findPetsByStatus` → `find_pets_by_status`), else
 *   `method_path` (`get /pet/{petId}` → `get_pet_pet_id`); made unique with `_2`, `_3` …
 * - `name`: summary, else operationId, else `METHOD path`; `description`: description, else summary.
 * - path parameters become `{{params.NAME}}` in the path; query and header parameters become `query` /
 *   `headers` entries `{{params.NAME}}` (cookie parameters are skipped); path-level parameters are merged.
 * - a JSON request body whose schema is an object with properties, none clashing with a parameter name,
 *   becomes one parameter per property and an object body `{prop: "{{params.prop}}"}`; any other JSON body
 *   becomes one `body` parameter sent as `"{{params.body}}"` with `content-type: application/json`; a
 *   non-JSON body (octet-stream, text …) becomes a `body` string parameter sent with its content type.
 * - `access`: GET/HEAD/OPTIONS → read, POST/PUT/PATCH → write, DELETE → admin (review after import).
 * - `timeout_ms` 10 000, `max_response_bytes` 1 048 576.
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { parse as parseYaml } from "yaml";
import { serviceError } from "@/lib/net/service-error";
import { type AccessLevel, type ConnectorActionDefinition, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, type HttpMethod } from "./types";

type JsonObject = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  description?: string;
  required?: boolean;
  schema?: JsonObject;
}

/** A connector proposed from a document: its title, base URL (may be relative, e.g. `/api/v3`) and actions. */
export interface ImportedConnector {
  name: string;
  description: string;
  base_url: string;
  actions: ConnectorActionDefinition[];
}

const METHODS: HttpMethod[] = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH"];
const ACCESS: Record<HttpMethod, AccessLevel> = {
  GET: "read",
  HEAD: "read",
  OPTIONS: "read",
  POST: "write",
  PUT: "write",
  PATCH: "write",
  DELETE: "admin",
};

/** snake_case slug: `findPetsByStatus` → `find_pets_by_status`, `get /pet/{petId}` → `get_pet_pet_id`. */
export function slugify(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** A parameter name usable in `{{params.NAME}}` (letters, digits, `_`, `-`; first a letter or `_`). */
function paramKey(name: string): string {
  const key = name.replace(/[^A-Za-z0-9_-]/g, "_");
  return /^[A-Za-z_]/.test(key) ? key : `_${key}`;
}

function isJsonMediaType(type: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\s*(;|$)/i.test(type) || type === "*/*";
}

/** How to convert a Swagger 2.0 document to OpenAPI 3.0: swagger2openapi (Mermade oas-kit, on npm). */
export const SWAGGER_CONVERT_HINT =
  "convert it with swagger2openapi (npx swagger2openapi swagger.json -o openapi.json) and import the result";

function swaggerRefusal(version: unknown): string {
  const shown = typeof version === "string" || typeof version === "number" ? ` ${String(version).slice(0, 20)}` : "";
  return `This is a Swagger${shown} document; import an OpenAPI 3.x document — ${SWAGGER_CONVERT_HINT}.`;
}

async function loadDocument(input: string | JsonObject): Promise<JsonObject> {
  let document: unknown = input;
  if (typeof input === "string") {
    try {
      document = parseYaml(input);
    } catch (error) {
      throw serviceError(
        "invalid_config",
        `The OpenAPI document is neither JSON nor YAML: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  if (document === null || typeof document !== "object" || (!("openapi" in document) && !("swagger" in document))) {
    throw serviceError("invalid_config", "Not an OpenAPI document: no `openapi` or `swagger` field");
  }
  if (!("openapi" in document)) throw serviceError("invalid_config", swaggerRefusal((document as { swagger: unknown }).swagger));
  try {
    const options = { resolve: { external: false }, dereference: { circular: "ignore" as const } };
    return (await SwaggerParser.dereference(structuredClone(document) as never, options)) as unknown as JsonObject;
  } catch (error) {
    throw serviceError("invalid_config", `Cannot read the OpenAPI document: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function parameterSchema(parameter: ParameterObject): JsonObject {
  const schema: JsonObject = { ...parameter.schema };
  if (parameter.description) schema.description = parameter.description;
  return schema;
}

function mergeParameters(pathLevel: unknown, operationLevel: unknown): ParameterObject[] {
  const merged = new Map<string, ParameterObject>();
  for (const list of [pathLevel, operationLevel]) {
    for (const parameter of (Array.isArray(list) ? list : []) as ParameterObject[]) {
      if (parameter && typeof parameter.name === "string") merged.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  return [...merged.values()];
}

function requestBodyOf(operation: JsonObject): { mediaType: string; schema: JsonObject; required: boolean } | null {
  const body = operation.requestBody as { content?: Record<string, { schema?: JsonObject }>; required?: boolean } | undefined;
  if (!body?.content) return null;
  const types = Object.keys(body.content);
  const mediaType = types.find(isJsonMediaType) ?? types[0];
  if (!mediaType) return null;
  return { mediaType, schema: body.content[mediaType]?.schema ?? {}, required: body.required ?? false };
}

function toAction(method: HttpMethod, path: string, operation: JsonObject, pathItem: JsonObject): ConnectorActionDefinition {
  const parameters = mergeParameters(pathItem.parameters, operation.parameters);
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  let actionPath = path;
  for (const parameter of parameters) {
    if (parameter.in === "cookie") continue;
    const key = paramKey(parameter.name);
    properties[key] = parameterSchema(parameter);
    if (parameter.required || parameter.in === "path") required.push(key);
    const reference = `{{params.${key}}}`;
    if (parameter.in === "path") actionPath = actionPath.split(`{${parameter.name}}`).join(reference);
    else if (parameter.in === "query") query[parameter.name] = reference;
    else headers[parameter.name] = reference;
  }
  let body: ConnectorActionDefinition["body"] = null;
  const requestBody = requestBodyOf(operation);
  if (requestBody) {
    const bodyProperties = requestBody.schema.properties as Record<string, JsonObject> | undefined;
    const keys = bodyProperties ? Object.keys(bodyProperties) : [];
    const perProperty =
      isJsonMediaType(requestBody.mediaType) &&
      requestBody.schema.type !== "array" &&
      keys.length > 0 &&
      keys.every((key) => paramKey(key) === key && !(key in properties));
    if (perProperty && bodyProperties) {
      body = Object.fromEntries(keys.map((key) => [key, `{{params.${key}}}`]));
      Object.assign(properties, bodyProperties);
      const bodyRequired = Array.isArray(requestBody.schema.required) ? (requestBody.schema.required as string[]) : [];
      if (requestBody.required) required.push(...bodyRequired);
    } else {
      body = "{{params.body}}";
      headers["Content-Type"] = isJsonMediaType(requestBody.mediaType) ? "application/json" : requestBody.mediaType;
      properties.body = isJsonMediaType(requestBody.mediaType)
        ? requestBody.schema
        : { type: "string", description: `Request body (${requestBody.mediaType})` };
      if (requestBody.required) required.push("body");
    }
  }
  const operationId = typeof operation.operationId === "string" ? operation.operationId : undefined;
  const summary = typeof operation.summary === "string" ? operation.summary : undefined;
  const description = typeof operation.description === "string" ? operation.description : summary;
  return {
    id: slugify(operationId ?? `${method} ${path}`),
    name: summary ?? operationId ?? `${method} ${path}`,
    ...(description ? { description } : {}),
    method,
    path: actionPath,
    query,
    headers,
    body,
    parameters: { type: "object", properties, ...(required.length ? { required: [...new Set(required)] } : {}) },
    access: ACCESS[method],
    timeout_ms: DEFAULT_TIMEOUT_MS,
    max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
  };
}

function uniqueIds(actions: ConnectorActionDefinition[]): ConnectorActionDefinition[] {
  const seen = new Map<string, number>();
  return actions.map((action) => {
    const count = (seen.get(action.id) ?? 0) + 1;
    seen.set(action.id, count);
    return count === 1 ? action : { ...action, id: `${action.id}_${count}` };
  });
}

/**
 * One connector action per operation of the document, in document order (paths, then methods in the
 * order GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH).
 * @param document the document as JSON or YAML text, or as a parsed object (not mutated).
 * @throws WorkflowError `invalid_config` when the input is not a readable OpenAPI 3.x document (a Swagger
 *   2.0 one is refused with how to convert it).
 */
export async function importOpenApi(document: string | Record<string, unknown>): Promise<ConnectorActionDefinition[]> {
  return (await importOpenApiConnector(document)).actions;
}

/** Like {@link importOpenApi}, plus the title, description and base URL (`servers[0].url`). */
export async function importOpenApiConnector(document: string | Record<string, unknown>): Promise<ImportedConnector> {
  const api = await loadDocument(document);
  const actions: ConnectorActionDefinition[] = [];
  for (const [path, pathItem] of Object.entries((api.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of METHODS) {
      const operation = pathItem?.[method.toLowerCase()] as JsonObject | undefined;
      if (operation && typeof operation === "object") actions.push(toAction(method, path, operation, pathItem));
    }
  }
  const info = (api.info ?? {}) as { title?: string; description?: string };
  const servers = api.servers as { url?: string }[] | undefined;
  return {
    name: info.title ?? "Imported API",
    description: info.description ?? "",
    base_url: servers?.[0]?.url ?? "",
    actions: uniqueIds(actions),
  };
}
