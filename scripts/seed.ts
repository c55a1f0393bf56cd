/**
 * `npm run db:seed`: the demo account and demo content, idempotent (existing rows are kept).
 * Demo sign-in: demo@switchyard.local / switchyard-demo (admin).
 */
import "dotenv/config";
import { hashPassword } from "../lib/auth/password";
import { getDb } from "../lib/db/client";
import { seedDemoContent } from "./seed-demo-content";

export const DEMO_EMAIL = "demo@switchyard.local";
export const DEMO_PASSWORD = "switchyard-demo";

async function main() {
  const db = getDb();
  let demo = await db.user.findUnique({ where: { email: DEMO_EMAIL } });
  if (!demo) {
    const isFirst = (await db.user.count()) === 0;
    demo = await db.user.create({
      data: { email: DEMO_EMAIL, name: "Demo Admin", passwordHash: await hashPassword(DEMO_PASSWORD), role: isFirst ? "admin" : "member" },
    });
    console.log(`✓ demo account ${DEMO_EMAIL} (${demo.role})`);
  } else {
    console.log(`✓ demo account ${DEMO_EMAIL} exists`);
  }
  await seedDemoContent(db, demo.id);
  await db.$disconnect();
}

main().catch((error) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
