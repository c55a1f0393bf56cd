import { describe, expect, it } from "vitest";
import { accessForRole, roleHoldsAccess } from "./access";
import { buildConnectorRequest } from "./build-request";
import { decodeBody, readCapped } from "./read-body";
import { redactText, redactUrl, redactValue, secretsOf } from "./redact";
import type { ConnectorActionDefinition, ConnectorDefinition } from "./types";

const connector = (
  action: Partial<ConnectorActionDefinition>,
  auth: ConnectorDefinition["auth"] = { kind: "none" },
): [ConnectorDefinition, ConnectorActionDefinition] => {
  const full: ConnectorActionDefinition = { id: "a", name: "A", method: "POST", path: "/x", ...action };
  return [{ id: "c", name: "C", base_url: "https://api.example.com/v1/", auth, actions: [full] }, full];
};

describe("buildConnectorRequest", () => {
  it("keeps the base path and encodes path references", () => {
    const built = buildConnectorRequest(...connector({ method: "GET", path: "users/{{params.id}}/files" }), { id: "a b/c?" });
    expect(built.url.toString()).toBe("https://api.example.com/v1/users/a%20b%2Fc%3F/files");
    expect(built.body).toBeNull();
  });

  it("form-encodes a urlencoded string body and renders a text body as text", () => {
    const form = buildConnectorRequest(
      ...connector({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "q={{params.q}}&n={{params.n}}" }),
      { q: "a&b=c", n: 3 },
    );
    expect(form.body).toBe("q=a%26b%3Dc&n=3");
    expect(form.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const text = buildConnectorRequest(...connector({ body: 'Say "{{params.q}}"' }), { q: 'hi "there"' });
    expect(text.body).toBe('Say "hi "there""');
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("strips CR/LF from header values and refuses absolute paths", () => {
    const built = buildConnectorRequest(...connector({ method: "GET", headers: { "X-Note": "{{params.note}}" } }), {
      note: "a\r\nInjected: yes",
    });
    expect(built.headers["x-note"]).toBe("a Injected: yes");
    expect(() => buildConnectorRequest(...connector({ path: "http://169.254.169.254/" }), {})).toThrow(
      expect.objectContaining({ code: "invalid_config" }),
    );
  });

  it("injects each auth kind", () => {
    expect(buildConnectorRequest(...connector({ method: "GET" }, { kind: "bearer", secret: "tok" }), {}).headers.authorization).toBe(
      "Bearer tok",
    );
    expect(
      buildConnectorRequest(...connector({ method: "GET" }, { kind: "api_key_header", header_name: "X-Key", secret: "k1" }), {}).headers[
        "x-key"
      ],
    ).toBe("k1");
    expect(
      buildConnectorRequest(...connector({ method: "GET" }, { kind: "api_key_query", query_name: "key", secret: "k 2" }), {}).url.search,
    ).toBe("?key=k+2");
    expect(
      buildConnectorRequest(...connector({ method: "GET" }, { kind: "basic", username: "u", secret: "p" }), {}).headers.authorization,
    ).toBe("Basic dTpw");
  });
});

describe("access", () => {
  it("orders read < write < admin per role", () => {
    expect([accessForRole("admin"), accessForRole("member"), accessForRole("viewer"), accessForRole(undefined)]).toEqual([
      "admin",
      "write",
      "read",
      "read",
    ]);
    expect(roleHoldsAccess("member", "write")).toBe(true);
    expect(roleHoldsAccess("member", "admin")).toBe(false);
    expect(roleHoldsAccess("admin", "admin")).toBe(true);
    expect(roleHoldsAccess("guest", "write")).toBe(false);
  });
});

describe("read-body", () => {
  const stream = (...parts: string[]) => new Response(parts.join("")).body;

  it("caps bytes and drops a character split by the cut", async () => {
    const { bytes, truncated } = await readCapped(stream("héllo wörld"), 2);
    expect(truncated).toBe(true);
    expect(decodeBody(bytes, "text/plain", truncated, 2)).toBe("h\n…[truncated: response exceeded 2 bytes]");
    expect(await readCapped(stream("abc"), 3)).toEqual({ bytes: Buffer.from("abc"), truncated: false });
  });

  it("parses JSON content types, keeps invalid JSON as text, decodes charsets", () => {
    expect(decodeBody(Buffer.from('{"a":1}'), "application/problem+json", false, 100)).toEqual({ a: 1 });
    expect(decodeBody(Buffer.from(""), "application/json", false, 100)).toBeNull();
    expect(decodeBody(Buffer.from("{oops"), "application/json", false, 100)).toBe("{oops");
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), "text/plain; charset=iso-8859-1", false, 100)).toBe("café");
  });
});

describe("redact", () => {
  it("hides secrets, their URL-encoded form and the Basic token", () => {
    const secrets = secretsOf({ kind: "basic", username: "ann", secret: "p@ss word" });
    expect(secrets).toContain("p%40ss%20word");
    expect(redactText(`pw=p@ss word b64=${Buffer.from("ann:p@ss word").toString("base64")}`, secrets)).toBe("pw=[REDACTED] b64=[REDACTED]");
    expect(redactValue({ "p@ss word": ["x p@ss word"] }, secrets)).toEqual({ "[REDACTED]": ["x [REDACTED]"] });
    expect(redactUrl(new URL("https://h/p?key=abc123&q=1"), ["abc123"], "key")).toBe("https://h/p?key=[REDACTED]&q=1");
    expect(secretsOf({ kind: "bearer", secret: "abc" })).toEqual([]);
  });
});
