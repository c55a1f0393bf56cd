/**
 * web_fetch against a local HTTP server: HTML as text, JSON parsed, binary stored as a file, HTTP errors as
 * tool errors, and the SSRF policy refusing loopback unless allowed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryFileStore } from "../file-store";
import { invokeTool } from "../invoke";
import { createWebFetchTool } from "./web-fetch";

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/page") {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(
        "<html><head><title>T</title><script>var x=1;</script></head><body><h1>Refunds</h1><p>Within <b>30 days</b>.</p><a href='/x'>more</a></body></html>",
      );
    } else if (request.url === "/data") {
      response.setHeader("content-type", "application/json");
      response.end('{"orders":[1,2]}');
    } else if (request.url === "/file.bin") {
      response.setHeader("content-type", "application/octet-stream");
      response.end(Buffer.from([0, 1, 2, 3]));
    } else {
      response.statusCode = 404;
      response.setHeader("content-type", "text/plain");
      response.end("nothing here");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const allowed = createWebFetchTool({ ssrf: { allowLoopback: true, useEnvAllowList: false } });

describe("web_fetch", () => {
  it("returns HTML as readable text and JSON parsed", async () => {
    const page = await invokeTool(allowed, { url: `${base}/page` }, { userId: null });
    expect(page.result).toEqual({
      kind: "json",
      value: { url: `${base}/page`, status: 200, content_type: "text/html", text: "REFUNDS\n\nWithin 30 days.\n\nmore" },
    });
    const data = await invokeTool(allowed, { url: `${base}/data` }, { userId: null });
    expect(data.content).toBe(`{"url":"${base}/data","status":200,"content_type":"application/json","json":{"orders":[1,2]}}`);
  });

  it("stores binary bodies as files and reports HTTP errors", async () => {
    const files = createMemoryFileStore();
    const binary = await invokeTool(allowed, { url: `${base}/file.bin` }, { userId: null, files });
    expect(binary.result).toEqual({
      kind: "files",
      files: [
        {
          ref: "file:sha256:054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8",
          name: "file.bin",
          mime_type: "application/octet-stream",
          size_bytes: 4,
        },
      ],
      text: "HTTP 200, 4 bytes",
    });
    const missing = await invokeTool(allowed, { url: `${base}/missing` }, { userId: null });
    expect(missing.error).toEqual({ code: "http_status", message: `HTTP 404 from ${base}/missing: nothing here` });
  });

  it("refuses loopback and private addresses under the default policy", async () => {
    const strict = createWebFetchTool({ ssrf: { useEnvAllowList: false } });
    const refused = await invokeTool(strict, { url: `${base}/page` }, { userId: null });
    expect(refused.error?.code).toBe("connection_error");
    expect(refused.error?.message).toMatch(/loopback/i);
    const metadata = await invokeTool(strict, { url: "http://169.254.169.254/latest/meta-data/" }, { userId: null });
    expect(metadata.error?.code).toBe("connection_error");
    const notHttp = await invokeTool(strict, { url: "file:///etc/passwd" }, { userId: null });
    expect(notHttp.error?.code).toBe("invalid_arguments");
  });
});
