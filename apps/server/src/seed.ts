// Demo sign-ins for the embedded default database only (never with NODE_ENV=production):
// an admin, a merchant and a personal user. Idempotent: existing accounts are left alone.
import { hashPassword } from "@kolo/api";
import { type Database, ensureUserWallet, findUserByEmail, insertUser } from "@kolo/db";

export const DEMO_USERS = [
  { name: "Ada Admin", email: "admin@kolo.test", password: "admin123", role: "admin" as const },
  { name: "Musa Merchant", email: "merchant@kolo.test", password: "merchant123", role: "merchant" as const },
  { name: "Chioma Okafor", email: "user@kolo.test", password: "user1234", role: "personal" as const },
];

export async function seedDemoUsers(db: Database): Promise<void> {
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const passwordHash = await hashPassword(demo.password);
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, { name: demo.name, email: demo.email, passwordHash, role: demo.role });
      if (user) await ensureUserWallet(tx, user.id);
    });
  }
}
