import { decryptSecret, encryptSecret, maskSecret } from "@/lib/crypto/secrets";
import type { StoredModelSettings } from "@/lib/llm/model-config";
import type { Db } from "../client";

/** The default provider as the browser may see it: the API key only masked. */
export interface ModelProviderView {
  id: string;
  name: string;
  baseUrl: string;
  apiKeyMasked: string;
  hasApiKey: boolean;
  smartModel: string;
  fastModel: string;
  updatedAt: string;
}

export async function getDefaultModelProvider(db: Db): Promise<ModelProviderView | null> {
  const row = await db.modelProvider.findFirst({ where: { isDefault: true }, orderBy: { updatedAt: "desc" } });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKeyMasked: row.apiKeyEnc ? maskSecret(decryptSecret(row.apiKeyEnc)) : "",
    hasApiKey: Boolean(row.apiKeyEnc),
    smartModel: row.smartModel,
    fastModel: row.fastModel,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The default provider's settings with the API key decrypted, for server-side model calls only. */
export async function getStoredModelSettings(db: Db): Promise<StoredModelSettings | null> {
  const row = await db.modelProvider.findFirst({ where: { isDefault: true }, orderBy: { updatedAt: "desc" } });
  if (!row) return null;
  return {
    baseUrl: row.baseUrl,
    apiKey: row.apiKeyEnc ? decryptSecret(row.apiKeyEnc) : undefined,
    smartModel: row.smartModel,
    fastModel: row.fastModel,
  };
}

/**
 * Creates or updates the default provider. `apiKey`: a new key to store (encrypted), "" to keep the
 * stored one, `null` to remove it.
 */
export async function saveDefaultModelProvider(
  db: Db,
  input: { name: string; baseUrl: string; apiKey: string | null; smartModel: string; fastModel: string },
  userId: string,
) {
  const existing = await db.modelProvider.findFirst({ where: { isDefault: true }, orderBy: { updatedAt: "desc" } });
  const apiKeyEnc = input.apiKey === null ? null : input.apiKey === "" ? (existing?.apiKeyEnc ?? null) : encryptSecret(input.apiKey);
  const data = { name: input.name, baseUrl: input.baseUrl, apiKeyEnc, smartModel: input.smartModel, fastModel: input.fastModel };
  if (existing) return db.modelProvider.update({ where: { id: existing.id }, data });
  return db.modelProvider.create({ data: { ...data, isDefault: true, createdById: userId } });
}
