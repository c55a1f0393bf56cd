import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { safeFetch } from "./safe-fetch";

const received: { url: string; host: string; auth?: string }[] = [];
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    received.push({ url: request.url ?? "", host: request.headers.host ?? "", auth: request.headers.authorization });
    if (request.url === "/gzip") {
      response.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      response.end(zlib.gzipSync("hello compressed"));
    } else if (request.url === "/to-metadata") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else if (request.url === "/to-self") {
      response.writeHead(307, { location: "/echo" });
      response.end();
    } else {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ url: request.url, host: request.headers.host }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const strict = { useEnvAllowList: false };

describe("safeFetch", () => {
  it("refuses 127.0.0.1 unless allow-listed, without reaching the server", async () => {
    const before = received.length;
    await expect(safeFetch(`http://127.0.0.1:${port}/echo`, {}, strict)).rejects.toMatchObject({
      code: "connection_error",
      message: `Refused outbound request to http://127.0.0.1:${port}/echo: 127.0.0.1 is a loopback address (SSRF policy). Add the host to SWITCHYARD_ALLOWED_HOSTS or the workspace allow-list to permit it.`,
    });
    expect(received.length).toBe(before);
    const response = await safeFetch(`http://127.0.0.1:${port}/echo?a=1`, {}, { ...strict, allowedHosts: ["127.0.0.1"] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "/echo?a=1", host: `127.0.0.1:${port}` });
  });

  it("refuses metadata and private addresses before any connection", async () => {
    const spy = vi.spyOn(http, "request");
    try {
      await expect(safeFetch("http://169.254.169.254/latest/meta-data/", {}, strict)).rejects.toMatchObject({
        code: "connection_error",
        message: expect.stringContaining("169.254.169.254 is a cloud metadata address"),
      });
      await expect(safeFetch("http://10.0.0.1/", {}, strict)).rejects.toMatchObject({
        code: "connection_error",
        message: expect.stringContaining("10.0.0.1 is a private address"),
      });
      expect(spy).not.toHaveBeenCalled();
      await (await safeFetch(`http://127.0.0.1:${port}/echo`, {}, { ...strict, allowLoopback: true })).text();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("pins the checked address and keeps the Host header (no second DNS lookup)", async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: "127.0.0.1", family: 4 as const }];
    };
    const response = await safeFetch(`http://rebind.test:${port}/pinned`, {}, { ...strict, allowedHosts: ["rebind.test"], resolve });
    expect(await response.json()).toEqual({ url: "/pinned", host: `rebind.test:${port}` });
    expect(lookups).toBe(1);
  });

  it("re-checks every redirect hop and follows allowed ones", async () => {
    const policy = { ...strict, allowLoopback: true };
    await expect(safeFetch(`http://127.0.0.1:${port}/to-metadata`, {}, policy)).rejects.toMatchObject({
      message: expect.stringContaining("169.254.169.254 is a cloud metadata address"),
    });
    const response = await safeFetch(
      `http://127.0.0.1:${port}/to-self`,
      { method: "POST", body: "x", headers: { authorization: "Bearer t" } },
      policy,
    );
    expect(await response.json()).toEqual({ url: "/echo", host: `127.0.0.1:${port}` });
    expect(received.at(-1)?.auth).toBe("Bearer t");
  });

  it("decodes gzip bodies", async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/gzip`, {}, { ...strict, allowLoopback: true });
    expect(await response.text()).toBe("hello compressed");
  });

  it("maps a refused connection to connection_error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(safeFetch(`http://127.0.0.1:${closedPort}/`, {}, { ...strict, allowLoopback: true })).rejects.toMatchObject({
      code: "connection_error",
      message: `Request to http://127.0.0.1:${closedPort}/ failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
    });
  });
});
