/**
 * The API reference rendered from the OpenAPI 3.1 document (lib/api/openapi.ts) on the server: operations
 * grouped by tag with parameters, request body and responses, then the shared schemas. No scripts, no CDN.
 */
import { clsx } from "clsx";
import { Badge, Card } from "@/components/ui/page";
import { SchemaView, type JsonSchemaNode, schemaRefName } from "./schema-view";

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchemaNode };
type MediaMap = Record<string, { schema?: JsonSchemaNode }>;
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaMap };
  responses?: Record<
    string,
    { description?: string; content?: MediaMap; headers?: Record<string, { description?: string; schema?: JsonSchemaNode }> }
  >;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchemaNode> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const methodTone: Record<string, string> = {
  get: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300",
  post: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300",
  delete: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

function statusTone(status: string): "green" | "amber" | "red" | "neutral" {
  if (status.startsWith("2")) return "green";
  if (status === "429" || status === "409") return "amber";
  if (status.startsWith("4") || status.startsWith("5")) return "red";
  return "neutral";
}

/** Inline `code` spans of the descriptions (backticks), nothing else of Markdown. */
function Prose({ text, className }: { text?: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={clsx("whitespace-pre-line text-sm text-zinc-600 dark:text-zinc-400", className)}>
      {text.split(/(`[^`]+`)/g).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function anchor(method: string, path: string) {
  return `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

function OperationCard({
  method,
  path,
  operation,
  schemas,
}: {
  method: string;
  path: string;
  operation: Operation;
  schemas: Record<string, JsonSchemaNode>;
}) {
  const body = operation.requestBody?.content ? Object.entries(operation.requestBody.content)[0] : undefined;
  return (
    <Card className="scroll-mt-20">
      <section id={anchor(method, path)} aria-label={`${method.toUpperCase()} ${path}`} className="space-y-4">
        <header>
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={clsx(
                "rounded px-2 py-0.5 font-mono text-xs font-bold uppercase",
                methodTone[method] ?? "bg-zinc-100 text-zinc-700",
              )}
            >
              {method}
            </span>
            <code className="font-mono text-sm font-semibold">{path}</code>
            {operation.security && operation.security.length === 0 ? <Badge>no API key</Badge> : null}
          </div>
          <h3 className="mt-2 text-base font-semibold">{operation.summary}</h3>
          <Prose text={operation.description} className="mt-1" />
        </header>
        {operation.parameters?.length ? (
          <div>
            <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">Parameters</h4>
            <table className="w-full text-left text-sm">
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td className="py-1.5 pr-3 align-top font-mono text-xs">
                      {parameter.name}
                      {parameter.required ? <span className="ml-1 text-red-600">*</span> : null}
                    </td>
                    <td className="py-1.5 pr-3 align-top text-xs text-zinc-500">{parameter.in}</td>
                    <td className="py-1.5 pr-3 align-top font-mono text-xs text-zinc-500">
                      {parameter.schema?.type ? String(parameter.schema.type) : ""}
                    </td>
                    <td className="py-1.5 align-top">
                      <Prose text={parameter.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {body ? (
          <div>
            <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">
              Request body <span className="font-mono normal-case">{body[0]}</span>
              {operation.requestBody?.required ? null : <span className="ml-1 normal-case">(optional)</span>}
            </h4>
            {body[1].schema ? <SchemaView schema={body[1].schema} schemas={schemas} /> : null}
          </div>
        ) : null}
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">Responses</h4>
          <ul className="space-y-2">
            {Object.entries(operation.responses ?? {}).map(([status, response]) => {
              const media = response.content ? Object.entries(response.content)[0] : undefined;
              const ref = media?.[1].schema ? schemaRefName(media[1].schema) : null;
              return (
                <li key={status} className="flex flex-wrap items-start gap-2 text-sm">
                  <Badge tone={statusTone(status)}>{status}</Badge>
                  <div className="min-w-0 flex-1">
                    <Prose text={response.description} />
                    {response.headers
                      ? Object.entries(response.headers).map(([name, header]) => (
                          <p key={name} className="text-xs text-zinc-500">
                            header <code className="font-mono">{name}</code>: {header.description}
                          </p>
                        ))
                      : null}
                    {ref ? (
                      <a href={`#schema-${ref}`} className="font-mono text-xs text-brand-700 underline dark:text-brand-400">
                        {ref}
                      </a>
                    ) : media?.[1].schema && status.startsWith("2") ? (
                      <div className="mt-1">
                        <SchemaView schema={media[1].schema} schemas={schemas} />
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </Card>
  );
}

/** The whole reference: overview, an index of operations, each operation, then the schemas. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const schemas = document.components?.schemas ?? {};
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Operation })),
  );
  const tags = [...new Set(operations.map((entry) => entry.operation.tags?.[0] ?? "Other"))];
  return (
    <div className="space-y-8">
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{document.info.title}</h2>
          <Badge tone="blue">v{document.info.version}</Badge>
          <Badge>OpenAPI 3.1</Badge>
        </div>
        <Prose text={document.info.description} className="mt-2" />
        <nav aria-label="Operations" className="mt-4 grid gap-1 sm:grid-cols-2">
          {operations.map(({ path, method, operation }) => (
            <a
              key={`${method} ${path}`}
              href={`#${anchor(method, path)}`}
              className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <span className="w-12 font-mono text-xs font-bold uppercase text-zinc-500">{method}</span>
              <span className="truncate">{operation.summary}</span>
            </a>
          ))}
        </nav>
      </Card>
      {tags.map((tag) => (
        <section key={tag} aria-label={tag} className="space-y-4">
          <h2 className="text-lg font-semibold">{tag}</h2>
          {operations
            .filter((entry) => (entry.operation.tags?.[0] ?? "Other") === tag)
            .map(({ path, method, operation }) => (
              <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} schemas={schemas} />
            ))}
        </section>
      ))}
      <section aria-label="Schemas" className="space-y-4">
        <h2 className="text-lg font-semibold">Schemas</h2>
        {Object.entries(schemas).map(([name, schema]) => (
          <Card key={name}>
            <div id={`schema-${name}`} className="scroll-mt-20">
              <h3 className="font-mono text-sm font-semibold">{name}</h3>
              <Prose text={typeof schema.description === "string" ? schema.description : undefined} className="mb-2" />
              <SchemaView schema={schema} schemas={schemas} />
            </div>
          </Card>
        ))}
      </section>
    </div>
  );
}
