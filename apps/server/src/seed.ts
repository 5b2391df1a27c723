// Demo sign-ins for the embedded default database only (never with NODE_ENV=production):
// two admins (enrolled in the second factor with the development-only secret
// DEV_TOTP_SECRET_BASE32, docs/admin-security.md), a merchant and a personal user. Idempotent: existing accounts are left alone. The
// demo merchant has a real merchant account ('Test Store', the name the scanner's demo button uses).
import { devTotpSecret, hashPassword } from "@kolo/api";
import { eq } from "drizzle-orm";
import { type Database, schema, ensureMerchantWallet, ensureUserWallet, findMerchantByUserId, findUserByEmail, insertMerchant, insertUser } from "@kolo/db";

export const DEMO_USERS = [
  { name: "Ada Admin", email: "admin@kolo.test", password: "admin123", role: "admin" as const },
  // The second admin: four-eyes approvals need a different admin (docs/admin-security.md).
  { name: "Bola Admin", email: "admin2@kolo.test", password: "admin123", role: "admin" as const },
  { name: "Musa Merchant", email: "merchant@kolo.test", password: "merchant123", role: "merchant" as const },
  { name: "Chioma Okafor", email: "user@kolo.test", password: "user1234", role: "personal" as const },
];

/** The demo merchant's merchant account (docs/product.md: what the app sends, with the demo button's name). */
export const DEMO_MERCHANT = { name: "Test Store", description: "My merchant business", category: "Retail" };

export async function seedDemoUsers(db: Database): Promise<void> {
  for (const demo of DEMO_USERS) {
    const existing = await findUserByEmail(db, demo.email);
    const passwordHash = existing ? undefined : await hashPassword(demo.password);
    await db.transaction(async (tx) => {
      const user =
        existing ??
        (passwordHash
          ? await insertUser(tx, {
              name: demo.name,
              email: demo.email,
              passwordHash,
              role: demo.role,
              // Admins from the start (roleGrantedAt null): the four-eyes demo works on a fresh database.
              ...(demo.role === "admin" ? { totpSecret: devTotpSecret(), roleGrantedAt: null } : {}),
            })
          : undefined);
      if (!user) return;
      // A demo admin seeded before the second factor existed is enrolled with the development secret.
      if (demo.role === "admin" && !user.totpSecret) await tx.update(schema.users).set({ totpSecret: devTotpSecret() }).where(eq(schema.users.id, user.id));
      await ensureUserWallet(tx, user.id);
      if (demo.role === "merchant" && !(await findMerchantByUserId(tx, user.id))) {
        await insertMerchant(tx, { userId: user.id, ...DEMO_MERCHANT });
        await ensureMerchantWallet(tx, user.id);
      }
    });
  }
}
