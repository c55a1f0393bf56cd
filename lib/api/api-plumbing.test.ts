import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { WorkflowError } from "@/lib/workflow/errors";
import { bearerToken } from "./authenticate";
import { workflowToolNames } from "./mcp-server";
import { apiOpenApiDocument } from "./openapi";
import { readJsonBody } from "./read-body";
import { apiErrorResponse, methodNotAllowed, parseRequest, withNamedFields } from "./respond";
import { startRunRequest } from "./schemas";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://x/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("API plumbing", () => {
  it("reads the bearer token, any case of the scheme", () => {
    expect(bearerToken(new Request("http://x", { headers: { Authorization: "Bearer sy_abc" } }))).toBe("sy_abc");
    expect(bearerToken(new Request("http://x", { headers: { Authorization: "bearer  sy_abc " } }))).toBe("sy_abc");
    expect(bearerToken(new Request("http://x", { headers: { Authorization: "Basic eDp5" } }))).toBeNull();
    expect(bearerToken(new Request("http://x"))).toBeNull();
  });

  it("refuses bodies over the limit (declared or streamed) with 413 and non-JSON with 400", async () => {
    await expect(readJsonBody(post("{}", { "content-length": "2000" }), { maxBytes: 1000 })).rejects.toMatchObject({
      code: "payload_too_large",
    });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new TextEncoder().encode("x".repeat(600)));
        controller.close();
      },
    });
    await expect(readJsonBody(post(stream), { maxBytes: 1000 })).rejects.toMatchObject({ code: "payload_too_large" });
    await expect(readJsonBody(post("{nope"))).rejects.toMatchObject({ code: "invalid_input", fields: { body: "not valid JSON" } });
    expect(await readJsonBody(post(""))).toEqual({});
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(apiErrorResponse(new AppError("payload_too_large"), "test").status).toBe(413);
  });

  it("names the field of every request and input problem", () => {
    expect(() => parseRequest(startRunRequest, { inputs: [], wait: "yes" })).toThrowError(
      expect.objectContaining({ code: "invalid_input", fields: { inputs: expect.any(String), wait: expect.any(String) } }),
    );
    const engineError = new WorkflowError("invalid_input", "bad", {
      issues: [{ code: "invalid_input", nodeIds: [], field: "amount", message: 'Input "amount" is required' }],
    });
    expect(withNamedFields(engineError, "inputs.")).toMatchObject({
      code: "invalid_input",
      fields: { "inputs.amount": 'Input "amount" is required' },
    });
    expect(apiErrorResponse(withNamedFields(engineError, "inputs."), "test").status).toBe(400);
  });

  it("hides unexpected errors behind `internal`", async () => {
    const response = apiErrorResponse(new Error("secret detail"), "test-expected-log");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "internal", message: "Something went wrong on our side." } });
  });

  it("gives workflows MCP tool names, disambiguating equal names", () => {
    const names = workflowToolNames([
      { id: "cmaaaaaaaa11111111", name: "Refund size branch" },
      { id: "cmbbbbbbbb22222222", name: "Süße Grüße!" },
      { id: "cmcccccccc33333333", name: "Refund size-branch" },
    ]);
    expect([...names.values()]).toEqual(["refund_size_branch_11111111", "su_e_gru_e", "refund_size_branch_33333333"]);
    for (const name of names.values()) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it("describes the API as a valid OpenAPI 3.1 document built from the request schemas", async () => {
    const document = structuredClone(apiOpenApiDocument());
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe("3.1.0");
    const start = document.components?.schemas?.StartRunRequest as { properties: Record<string, unknown>; additionalProperties: unknown };
    expect(Object.keys(start.properties)).toEqual(Object.keys(startRunRequest.shape));
    expect(start.additionalProperties).toBe(false);
  });
});

describe("methodNotAllowed", () => {
  it("answers the methods a route does not serve with 405, the Allow header and the one error shape", async () => {
    const handlers = methodNotAllowed("POST");
    expect(Object.keys(handlers).sort()).toEqual(["DELETE", "GET", "PATCH", "PUT"]);
    const response = handlers.GET(new Request("http://localhost/api/v1/runs/r1/cancel"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.json()).toEqual({
      error: {
        code: "method_not_allowed",
        message: "GET is not allowed on /api/v1/runs/r1/cancel; it takes POST.",
        details: { allow: ["POST", "OPTIONS"] },
      },
    });
  });

  it("lists HEAD beside GET", async () => {
    const response = methodNotAllowed("GET").DELETE(new Request("http://localhost/api/v1/workflows", { method: "DELETE" }));
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await response.json()).error.message).toBe("DELETE is not allowed on /api/v1/workflows; it takes GET.");
  });
});
