/**
 * Connector views and saves at the database level, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL:
 * who sees a hint of a stored secret.
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

const TOKEN = "tok_live_9f8e7d6c5b4a3210";
const savedKey = process.env.SWITCHYARD_ENCRYPTION_KEY;

beforeAll(() => {
  process.env.SWITCHYARD_ENCRYPTION_KEY ??= "ab".repeat(32);
});

afterAll(() => {
  if (savedKey === undefined) delete process.env.SWITCHYARD_ENCRYPTION_KEY;
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
});
