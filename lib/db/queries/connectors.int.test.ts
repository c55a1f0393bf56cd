/**
 * Connector views and saves at the database level, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL:
 * who sees a hint of a stored secret; a base URL the SSRF policy refuses is refused at save.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import {
  type ConnectorInput,
  createConnector,
  deleteConnector,
  getConnector,
  listConnectors,
  SECRET_SET_HINT,
  updateConnector,
  type Viewer,
} from "./connectors";
import { saveNetworkSettings } from "./settings";

const TOKEN = "tok_live_9f8e7d6c5b4a3210";
const savedKey = process.env.SWITCHYARD_ENCRYPTION_KEY;
const savedAllowList = process.env.SWITCHYARD_ALLOWED_HOSTS;

beforeAll(() => {
  process.env.SWITCHYARD_ENCRYPTION_KEY ??= "ab".repeat(32);
  delete process.env.SWITCHYARD_ALLOWED_HOSTS;
});

afterAll(() => {
  if (savedKey === undefined) delete process.env.SWITCHYARD_ENCRYPTION_KEY;
  if (savedAllowList === undefined) delete process.env.SWITCHYARD_ALLOWED_HOSTS;
  else process.env.SWITCHYARD_ALLOWED_HOSTS = savedAllowList;
});

describe.each(testDatabaseKinds())("connectors on %s", (kind) => {
  let test: TestDatabase;
  let admin: Viewer;
  let owner: Viewer;
  let member: Viewer;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const users = await Promise.all(
      (["admin", "owner", "member"] as const).map((name) =>
        test.db.user.create({
          data: { email: `${name}@example.com`, name, passwordHash: "x", role: name === "admin" ? "admin" : "member" },
        }),
      ),
    );
    [admin, owner, member] = users.map((user) => ({ id: user.id, role: user.role }));
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  const connectorInput = (overrides: Partial<ConnectorInput> = {}): ConnectorInput => ({
    key: "orders",
    name: "Orders API",
    description: "",
    kind: "http",
    baseUrl: "https://api.example.com/v1",
    authKind: "bearer",
    authConfig: {},
    secret: TOKEN,
    clearSecret: false,
    visibility: "shared",
    ...overrides,
  });

  it("shows the masked tail of a shared connector's secret to its owner and admins only", async () => {
    const created = await createConnector(test.db, owner, connectorInput());
    expect(created.secretMasked).toBe("••••3210");

    expect((await getConnector(test.db, owner, created.id))?.connector).toMatchObject({ hasSecret: true, secretMasked: "••••3210" });
    expect((await getConnector(test.db, admin, created.id))?.connector).toMatchObject({ hasSecret: true, secretMasked: "••••3210" });
    expect((await listConnectors(test.db, admin)).find((view) => view.id === created.id)?.secretMasked).toBe("••••3210");

    const seenByMember = await getConnector(test.db, member, created.id);
    expect(seenByMember?.connector).toMatchObject({ hasSecret: true, secretMasked: "•••• set" });
    expect(SECRET_SET_HINT).toBe("•••• set");
    const listedForMember = await listConnectors(test.db, member);
    expect(listedForMember.find((view) => view.id === created.id)).toMatchObject({ hasSecret: true, secretMasked: "•••• set" });
    expect(JSON.stringify({ seenByMember, listedForMember })).not.toContain("3210");

    // what an admin's save returns is theirs to see; nothing a member may do returns the tail
    expect((await updateConnector(test.db, admin, created.id, connectorInput({ secret: "" }))).secretMasked).toBe("••••3210");
    await expect(updateConnector(test.db, member, created.id, connectorInput({ secret: "" }))).rejects.toMatchObject({ code: "forbidden" });
    expect((await deleteConnector(test.db, owner, created.id)).secretMasked).toBe("••••3210");
  });

  it("shows a database connector's URL hint to admins only, not to members of the workspace", async () => {
    const created = await createConnector(
      test.db,
      admin,
      connectorInput({
        key: "shop_db",
        kind: "database",
        baseUrl: "",
        authKind: "none",
        authConfig: { dialect: "postgres" },
        secret: "postgresql://reader:hunter2@db.internal:5432/shop",
      }),
    );
    expect(created).toMatchObject({ hasSecret: true, secretMasked: "••••shop" });
    const seenByMember = await getConnector(test.db, member, created.id);
    expect(seenByMember?.connector).toMatchObject({ hasSecret: true, secretMasked: "•••• set" });
    expect(JSON.stringify(seenByMember)).not.toContain("••••shop");
  });

  it("shows no hint when no secret is stored", async () => {
    const created = await createConnector(test.db, owner, connectorInput({ key: "public_api", authKind: "none", secret: "" }));
    expect((await getConnector(test.db, member, created.id))?.connector).toMatchObject({ hasSecret: false, secretMasked: "" });
  });

  describe("a base URL the SSRF policy refuses", () => {
    const network = "an admin can allow it in Settings → Connectors → Network.";

    it.each([
      ["http://10.0.0.5", "10.0.0.5 is a private address"],
      ["http://192.168.1.10:8080/api", "192.168.1.10 is a private address"],
      ["http://169.254.169.254/latest", "169.254.169.254 is a cloud metadata address"],
      ["http://169.254.10.1", "169.254.10.1 is a link-local address"],
      ["http://127.0.0.1:3000", "127.0.0.1 is a loopback address"],
      ["http://[fd12:3456::1]/v1", "fd12:3456::1 is a unique-local address"],
      ["http://0x7f.1", "127.0.0.1 is a loopback address"],
    ])("refuses %s at save with a Base URL field error", async (baseUrl, reason) => {
      await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: false });
      const key = `ssrf_${Math.random().toString(36).slice(2, 8)}`;
      await expect(createConnector(test.db, owner, connectorInput({ key, baseUrl }))).rejects.toMatchObject({
        code: "invalid_input",
        message: `Base URL: ${reason}; ${network}`,
        fields: { baseUrl: `${reason}; ${network}` },
      });
      expect(await test.db.connector.findUnique({ where: { key } })).toBeNull();
    });

    it("refuses an update that moves the base URL to a private address", async () => {
      await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: false });
      const created = await createConnector(test.db, owner, connectorInput({ key: "moving", baseUrl: "https://api.example.com" }));
      await expect(
        updateConnector(test.db, owner, created.id, connectorInput({ key: "moving", baseUrl: "http://10.0.0.5" })),
      ).rejects.toMatchObject({
        code: "invalid_input",
        fields: { baseUrl: `10.0.0.5 is a private address; ${network}` },
      });
      expect((await test.db.connector.findUniqueOrThrow({ where: { id: created.id } })).baseUrl).toBe("https://api.example.com");
    });

    it("saves it when the workspace allow-list, SWITCHYARD_ALLOWED_HOSTS or the loopback switch allows it", async () => {
      await saveNetworkSettings(test.db, { allowedHosts: ["10.0.0.0/8", "169.254.169.254"], allowLoopback: true });
      for (const [key, baseUrl] of [
        ["listed_cidr", "http://10.0.0.5"],
        ["listed_metadata", "http://169.254.169.254"],
        ["loopback", "http://127.0.0.1:3000"],
      ]) {
        expect((await createConnector(test.db, owner, connectorInput({ key, baseUrl }))).baseUrl).toBe(baseUrl);
      }
      await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: false });
      await expect(
        createConnector(test.db, owner, connectorInput({ key: "from_env", baseUrl: "http://192.168.1.10" })),
      ).rejects.toMatchObject({
        code: "invalid_input",
      });
      process.env.SWITCHYARD_ALLOWED_HOSTS = "192.168.1.10";
      try {
        expect((await createConnector(test.db, owner, connectorInput({ key: "from_env", baseUrl: "http://192.168.1.10" }))).key).toBe(
          "from_env",
        );
      } finally {
        delete process.env.SWITCHYARD_ALLOWED_HOSTS;
      }
    });

    it("saves host names and public addresses without resolving them (the call path checks them)", async () => {
      await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: false });
      for (const [key, baseUrl] of [
        ["by_name", "http://erp.corp.invalid:8080"],
        ["public_ip", "https://93.184.215.14/v1"],
      ]) {
        expect((await createConnector(test.db, owner, connectorInput({ key, baseUrl }))).baseUrl).toBe(baseUrl);
      }
    });
  });
});
