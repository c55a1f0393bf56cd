import type { Db } from "../lib/db/client";

/** Demo workflows, connectors, knowledge and skills; filled in as those features land. */
export async function seedDemoContent(_db: Db, _ownerId: string): Promise<void> {}
