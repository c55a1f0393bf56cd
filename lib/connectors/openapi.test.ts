import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createConnectorService } from "./connector-service";
import { importOpenApi, importOpenApiConnector, slugify } from "./openapi";

const petstoreText = readFileSync(new URL("./fixtures/petstore.openapi.json", import.meta.url), "utf8");

describe("slugify", () => {
  it("makes snake_case ids", () => {
    expect(slugify("findPetsByStatus")).toBe("find_pets_by_status");
    expect(slugify("getHTTPStatus")).toBe("get_http_status");
    expect(slugify("GET /pet/{petId}/uploadImage")).toBe("get_pet_pet_id_upload_image");
  });
});

describe("importOpenApi on Petstore 3", () => {
  it("produces one action per operation with these ids, methods, paths and access", async () => {
    const actions = await importOpenApi(petstoreText);
    expect(actions.map((action) => [action.id, action.method, action.path, action.access])).toEqual([
      ["update_pet", "PUT", "/pet", "write"],
      ["add_pet", "POST", "/pet", "write"],
      ["find_pets_by_status", "GET", "/pet/findByStatus", "read"],
      ["find_pets_by_tags", "GET", "/pet/findByTags", "read"],
      ["get_pet_by_id", "GET", "/pet/{{params.petId}}", "read"],
      ["update_pet_with_form", "POST", "/pet/{{params.petId}}", "write"],
      ["delete_pet", "DELETE", "/pet/{{params.petId}}", "admin"],
      ["upload_file", "POST", "/pet/{{params.petId}}/uploadImage", "write"],
      ["get_inventory", "GET", "/store/inventory", "read"],
      ["place_order", "POST", "/store/order", "write"],
      ["get_order_by_id", "GET", "/store/order/{{params.orderId}}", "read"],
      ["delete_order", "DELETE", "/store/order/{{params.orderId}}", "admin"],
      ["create_user", "POST", "/user", "write"],
      ["create_users_with_list_input", "POST", "/user/createWithList", "write"],
      ["login_user", "GET", "/user/login", "read"],
      ["logout_user", "GET", "/user/logout", "read"],
      ["get_user_by_name", "GET", "/user/{{params.username}}", "read"],
      ["update_user", "PUT", "/user/{{params.username}}", "write"],
      ["delete_user", "DELETE", "/user/{{params.username}}", "admin"],
    ]);
  });

  it("maps path, query and header parameters", async () => {
    const actions = await importOpenApi(petstoreText);
    expect(actions.find((action) => action.id === "get_pet_by_id")).toEqual({
      id: "get_pet_by_id",
      name: "Find pet by ID.",
      description: "Returns a single pet.",
      method: "GET",
      path: "/pet/{{params.petId}}",
      query: {},
      headers: {},
      body: null,
      parameters: {
        type: "object",
        properties: { petId: { type: "integer", format: "int64", description: "ID of pet to return" } },
        required: ["petId"],
      },
      access: "read",
      timeout_ms: 10000,
      max_response_bytes: 1048576,
    });
    const findByStatus = actions.find((action) => action.id === "find_pets_by_status");
    expect(findByStatus?.query).toEqual({ status: "{{params.status}}" });
    expect(findByStatus?.parameters).toEqual({
      type: "object",
      properties: {
        status: {
          type: "string",
          default: "available",
          enum: ["available", "pending", "sold"],
          description: "Status values that need to be considered for filter",
        },
      },
      required: ["status"],
    });
    const deletePet = actions.find((action) => action.id === "delete_pet");
    expect(deletePet?.headers).toEqual({ api_key: "{{params.api_key}}" });
    expect(deletePet?.parameters?.required).toEqual(["petId"]);
  });

  it("maps an object JSON body per property and other bodies to one `body` parameter", async () => {
    const actions = await importOpenApi(petstoreText);
    const addPet = actions.find((action) => action.id === "add_pet");
    expect(addPet?.body).toEqual({
      id: "{{params.id}}",
      name: "{{params.name}}",
      category: "{{params.category}}",
      photoUrls: "{{params.photoUrls}}",
      tags: "{{params.tags}}",
      status: "{{params.status}}",
    });
    expect(addPet?.headers).toEqual({});
    expect(addPet?.parameters?.required).toEqual(["name", "photoUrls"]);
    expect((addPet?.parameters?.properties as Record<string, unknown> | undefined)?.category).toEqual({
      type: "object",
      properties: { id: { type: "integer", format: "int64", example: 1 }, name: { type: "string", example: "Dogs" } },
      xml: { name: "category" },
    });
    // `username` is both a path parameter and a body property: the body is kept whole.
    const updateUser = actions.find((action) => action.id === "update_user");
    expect(updateUser?.body).toBe("{{params.body}}");
    expect(updateUser?.headers).toEqual({ "Content-Type": "application/json" });
    expect(Object.keys(updateUser?.parameters?.properties as object)).toEqual(["username", "body"]);
    const list = actions.find((action) => action.id === "create_users_with_list_input");
    expect(list?.body).toBe("{{params.body}}");
    expect((list?.parameters?.properties as Record<string, { type: string }> | undefined)?.body.type).toBe("array");
    const upload = actions.find((action) => action.id === "upload_file");
    expect(upload?.headers).toEqual({ "Content-Type": "application/octet-stream" });
    expect((upload?.parameters?.properties as Record<string, unknown> | undefined)?.body).toEqual({
      type: "string",
      description: "Request body (application/octet-stream)",
    });
  });

  it("reads the title and base URL, from an object without mutating it", async () => {
    const document = JSON.parse(petstoreText);
    const imported = await importOpenApiConnector(document);
    expect(imported.name).toBe("Swagger Petstore - OpenAPI 3.0");
    expect(imported.base_url).toBe("/api/v3");
    expect(imported.actions).toHaveLength(19);
    expect(document.paths["/pet"].post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Pet" });
  });
});

describe("importOpenApi on other input", () => {
  it("reads YAML, slugging method+path without operationId and de-duplicating ids", async () => {
    const yaml = [
      "openapi: 3.0.3",
      "info: {title: Tiny, version: '1'}",
      "servers: [{url: 'https://api.example.com/v2'}]",
      "paths:",
      "  /items/{item-id}:",
      "    parameters: [{name: item-id, in: path, required: true, schema: {type: string}}]",
      "    get: {responses: {'200': {description: ok}}}",
      "    post:",
      "      operationId: get_items_item_id",
      "      requestBody:",
      "        required: true",
      "        content: {application/json: {schema: {type: object, properties: {qty: {type: integer}}, required: [qty]}}}",
      "      responses: {'200': {description: ok}}",
    ].join("\n");
    const imported = await importOpenApiConnector(yaml);
    expect(imported.base_url).toBe("https://api.example.com/v2");
    expect(imported.actions.map((action) => [action.id, action.path, action.body])).toEqual([
      ["get_items_item_id", "/items/{{params.item-id}}", null],
      ["get_items_item_id_2", "/items/{{params.item-id}}", { qty: "{{params.qty}}" }],
    ]);
    expect(imported.actions[1].parameters?.required).toEqual(["item-id", "qty"]);
  });

  it("refuses a Swagger 2.0 document, JSON or YAML, and says how to convert it", async () => {
    const message =
      "This is a Swagger 2.0 document; import an OpenAPI 3.x document — convert it with swagger2openapi " +
      "(npx swagger2openapi swagger.json -o openapi.json) and import the result.";
    const swagger = {
      swagger: "2.0",
      info: { title: "Tiny", version: "1" },
      host: "api.example.com",
      paths: {
        "/upload": {
          post: {
            operationId: "upload",
            consumes: ["multipart/form-data"],
            parameters: [{ name: "file", in: "formData", type: "file", required: true }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    await expect(importOpenApiConnector(swagger)).rejects.toMatchObject({ code: "invalid_config", message });
    await expect(importOpenApi(JSON.stringify(swagger))).rejects.toMatchObject({ code: "invalid_config", message });
    await expect(importOpenApi("swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}")).rejects.toMatchObject({
      code: "invalid_config",
      message,
    });
  });

  it("does not follow external references and rejects non-OpenAPI input", async () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "X", version: "1" },
      paths: {
        "/a": {
          get: {
            operationId: "a",
            parameters: [{ $ref: "http://169.254.169.254/latest/param.json" }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const actions = await importOpenApi(document);
    expect(actions.map((action) => action.id)).toEqual(["a"]);
    await expect(importOpenApi("just: yaml")).rejects.toMatchObject({
      code: "invalid_config",
      message: "Not an OpenAPI document: no `openapi` or `swagger` field",
    });
    await expect(importOpenApi("{not json")).rejects.toMatchObject({ code: "invalid_config" });
  });
});

describe("imported actions run through the connector service", () => {
  it("adds a pet with a typed body and finds pets by status", async () => {
    const seen: { method?: string; url?: string; body: string }[] = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        seen.push({ method: request.method, url: request.url, body });
        response.writeHead(200, { "content-type": "application/json" });
        response.end(request.method === "POST" ? body : JSON.stringify([{ id: 1, name: "doggie", status: "sold" }]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const imported = await importOpenApiConnector(petstoreText);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${imported.base_url}`;
      const service = createConnectorService({
        resolveConnector: async () => ({
          id: "petstore",
          name: imported.name,
          base_url: base,
          auth: { kind: "none" },
          actions: imported.actions,
        }),
        audit: async () => {},
        ssrf: { allowLoopback: true, useEnvAllowList: false },
      });
      const added = await service.call({
        connectorId: "petstore",
        actionId: "add_pet",
        parameters: { name: 'Rex "the" dog', photoUrls: ["a.png"], category: { id: 1, name: "Dogs" } },
      });
      expect(seen[0]).toEqual({
        method: "POST",
        url: "/api/v3/pet",
        body: JSON.stringify({ name: 'Rex "the" dog', category: { id: 1, name: "Dogs" }, photoUrls: ["a.png"] }),
      });
      expect(added.body).toEqual({ name: 'Rex "the" dog', category: { id: 1, name: "Dogs" }, photoUrls: ["a.png"] });
      const found = await service.call({ connectorId: "petstore", actionId: "find_pets_by_status", parameters: { status: "sold" } });
      expect(seen[1]).toMatchObject({ method: "GET", url: "/api/v3/pet/findByStatus?status=sold" });
      expect(found.body).toEqual([{ id: 1, name: "doggie", status: "sold" }]);
      await expect(
        service.call({ connectorId: "petstore", actionId: "find_pets_by_status", parameters: { status: "lost" } }),
      ).rejects.toMatchObject({
        code: "invalid_config",
        message: "Parameters for petstore.find_pets_by_status do not match its schema: /status must be equal to one of the allowed values",
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
