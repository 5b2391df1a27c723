// Fraud monitoring's facts read flat (docs/performance.md "At scale"): the same answers as reading
// every payment of the payer, and "paid this payee before?" answered from its own index.
import { describe, expect, it } from "vitest";
import { insertUser, readFraudFacts } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

const NOW = new Date("2026-06-10T12:00:00Z");
const MINUTE = 60_000;
const DAY = 86_400_000;
const SETTINGS = { newRecipientsPerHour: 5, medianMultiple: 5, medianFloorKobo: 0n };

/** A payment about to be made, as readFraudFacts takes it. */
type Payment = Parameters<typeof readFraudFacts>[1]["payment"];
type Row = { type: string; payee: string; recipientId: number | null; metadata: Record<string, string>; amount: number; status: string; at: Date };

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let users = 0;
const newUser = async (createdAt: Date) => {
  users++;
  const user = await insertUser(t.db, { name: `Facts User ${users}`, email: `facts${users}-${Date.now()}@example.com`, passwordHash: "x" });
  if (!user) throw new Error("user not created");
  await t.client`update users set created_at = ${createdAt.toISOString()}::timestamptz where id = ${user.id}`;
  return user.id;
};

/** The facts as the rules define them (docs/product.md "Monitoring in the money-out transaction"), from every row. */
function expected(rows: Row[], payee: string, firstSeen: Date) {
  const hourAgo = NOW.getTime() - 60 * MINUTE;
  const firstByPayee = new Map<string, number>();
  for (const r of rows) firstByPayee.set(r.payee, Math.min(firstByPayee.get(r.payee) ?? Infinity, r.at.getTime()));
  const amounts = rows
    .filter((r) => r.status === "completed" && r.at.getTime() > NOW.getTime() - 90 * DAY)
    .map((r) => r.amount)
    .sort((a, b) => a - b);
  return {
    paidSinceFirstSeen: rows.some((r) => r.at >= firstSeen && r.status !== "failed"),
    newRecipient: !firstByPayee.has(payee),
    newRecipientsLastHour: firstByPayee.has(payee) ? 0 : [...firstByPayee.values()].filter((first) => first > hourAgo).length,
    // percentile_disc(0.5): the first amount whose cumulative share reaches one half.
    medianKobo: amounts.length === 0 ? null : BigInt(amounts[Math.ceil(amounts.length / 2) - 1]!),
  };
}

describe("readFraudFacts", () => {
  it("answers as reading every payment would, over random histories of every kind of payee", async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const next = random(seed);
      const firstSeen = new Date(NOW.getTime() - 40 * DAY);
      const userId = await newUser(firstSeen);
      const others = [await newUser(firstSeen), await newUser(firstSeen)];
      const kinds: (() => Omit<Row, "amount" | "status" | "at">)[] = [
        () => ({ type: "p2p", payee: `user:${others[0]}`, recipientId: others[0]!, metadata: {} }),
        () => ({ type: "p2p", payee: `user:${others[1]}`, recipientId: others[1]!, metadata: {} }),
        () => ({ type: "transfer", payee: "bank:058:0123456789", recipientId: null, metadata: { bankCode: "058", accountNumber: "0123456789" } }),
        () => ({ type: "payment", payee: "merchant:7", recipientId: null, metadata: { merchantId: "7" } }),
        () => ({ type: "airtime", payee: "phone:08031234567", recipientId: null, metadata: { phoneNumber: "08031234567" } }),
        () => ({ type: "data", payee: "phone:08039876543", recipientId: null, metadata: { phoneNumber: "08039876543" } }),
        () => ({ type: "electricity", payee: "meter:45012345678", recipientId: null, metadata: { meterNumber: "45012345678" } }),
        () => ({ type: "cable", payee: "card:7023456789", recipientId: null, metadata: { smartcardNumber: "7023456789" } }),
      ];
      const ages = [120 * DAY, 50 * DAY, 3 * DAY, 2 * 60 * MINUTE, 61 * MINUTE, 30 * MINUTE, 2 * MINUTE];
      const rows: Row[] = Array.from({ length: 30 }, () => ({
        ...kinds[Math.floor(next() * kinds.length)]!(),
        amount: 100 + Math.floor(next() * 20) * 500,
        status: ["completed", "completed", "failed", "pending"][Math.floor(next() * 4)]!,
        at: new Date(NOW.getTime() - ages[Math.floor(next() * ages.length)]!),
      }));
      for (const [i, r] of rows.entries())
        await t.client`
          insert into transactions (type, amount, status, reference, description, sender_id, recipient_id, metadata, created_at)
          values (${r.type}, ${r.amount}, ${r.status}, ${`FACTS-${userId}-${i}`}, 'history', ${userId}, ${r.recipientId}, ${JSON.stringify(r.metadata)}::jsonb, ${r.at.toISOString()}::timestamptz)`;
      // A top-up and someone else's payment to the same payee are not the user's payments.
      await t.client`insert into transactions (type, amount, status, reference, description, recipient_id) values ('topup', 5000, 'completed', ${`FACTS-IN-${userId}`}, 'in', ${userId})`;

      // Each payee once, as a payment to it names it, and one never paid.
      const payees = new Map(rows.map((r) => [r.payee, r]));
      payees.set("phone:08000000000", {
        ...rows[0]!,
        type: "airtime",
        payee: "phone:08000000000",
        recipientId: null,
        metadata: { phoneNumber: "08000000000" },
      });
      for (const [payee, r] of payees) {
        const payment = { type: r.type, recipientId: r.recipientId, metadata: r.metadata } as Payment;
        const facts = await readFraudFacts(t.db, { userId, deviceHash: null, payment, amountKobo: 1_000_000n, now: NOW, settings: SETTINGS });
        expect({ seed, payee, ...facts }).toMatchObject({ seed, payee, ...expected(rows, payee, firstSeen), firstSeenAt: firstSeen });
      }
    }
  });

  it("leaves out what the rules cannot use: the median at or below the floor, new payees when paid before or the rule is off", async () => {
    const userId = await newUser(new Date(NOW.getTime() - 40 * DAY));
    const other = await newUser(new Date(NOW.getTime() - 40 * DAY));
    for (const [i, minutes] of [10, 20].entries())
      await t.client`
        insert into transactions (type, amount, status, reference, description, sender_id, metadata, created_at)
        values ('airtime', 20000, 'completed', ${`FACTS-A-${userId}-${i}`}, 'airtime', ${userId}, ${JSON.stringify({ phoneNumber: `0803000000${i}` })}::jsonb, ${new Date(NOW.getTime() - minutes * MINUTE).toISOString()}::timestamptz)`;
    const read = (amountKobo: bigint, payment: Payment, settings = SETTINGS) =>
      readFraudFacts(t.db, { userId, deviceHash: null, payment, amountKobo, now: NOW, settings });
    const toOther = { type: "p2p", recipientId: other, metadata: {} } as Payment;

    expect((await read(5_000_000n, toOther)).medianKobo).toBe(20000n);
    expect((await read(5_000_000n, toOther, { ...SETTINGS, medianFloorKobo: 5_000_000n })).medianKobo).toBeNull();
    expect((await read(5_000_000n, toOther, { ...SETTINGS, medianMultiple: 0 })).medianKobo).toBeNull();
    expect((await read(100n, toOther)).newRecipientsLastHour).toBe(2);
    expect((await read(100n, toOther, { ...SETTINGS, newRecipientsPerHour: 0 })).newRecipientsLastHour).toBe(0);
    expect(await read(100n, { type: "airtime", recipientId: null, metadata: { phoneNumber: "08030000000" } } as Payment)).toMatchObject({
      newRecipient: false,
      newRecipientsLastHour: 0,
    });
  });

  it("asks 'paid this payee before?' of transactions_sender_payee_idx", async () => {
    const plan = await t.client.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(`
        explain (format json) select 1 from transactions t
        where t.sender_id = 1 and t.type in ('p2p', 'transfer', 'payment', 'airtime', 'data', 'electricity', 'cable') and t.id <> 0
          and kolo_payee_key(t.type, t.recipient_id, t.metadata) = 'user:2'`);
    });
    expect(JSON.stringify(plan)).toContain('"Index Name":"transactions_sender_payee_idx"');
  });
});
