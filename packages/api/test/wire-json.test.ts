import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeAnswer } from "../src/wire-json";

class Money {
  constructor(readonly kobo: bigint) {}
}

const shared = { a: 1 };
const sharedDate = new Date("2026-11-01T10:00:00.000Z");
const sparse: unknown[] = [1];
sparse[2] = 3;

/** Payloads of every kind serializeAnswer writes itself, and of every kind it hands to superjson. */
const PAYLOADS: [string, unknown][] = [
  ["a transaction list", [{ id: 1, amount: 1234.5, createdAt: new Date("2026-11-28T01:02:03.456Z"), metadata: { fee: 0, note: undefined } }]],
  ["nested arrays and objects", { a: [[1, "x", true, null], { b: { c: [] } }], d: {} }],
  ["undefined in an array and an object", { list: [undefined, 1], key: undefined }],
  ["a bigint", { kobo: 123456789012345678901234567890n }],
  ["keys with dots and backslashes", { "a.b": new Date(0), "c\\d": { "e.f\\": new Date(1) } }],
  ["an empty key", { "": new Date(2), x: { "": undefined } }],
  ["a null-prototype object", Object.assign(Object.create(null) as object, { when: new Date(3) })],
  ["plain values", [0, -1.5, "", "é", false]],
  ["a string at the root", "hello"],
  ["null at the root", null],
  ["an empty array", []],
  ["a Date at the root", new Date(4)],
  ["undefined at the root", undefined],
  ["a bigint at the root", 5n],
  ["an object met twice", { x: shared, y: shared }],
  ["a Date met twice", [sharedDate, sharedDate]],
  ["a Map", { m: new Map([["k", 1]]) }],
  ["a Set", { s: new Set([1]) }],
  ["NaN", { n: Number.NaN }],
  ["Infinity", [Number.POSITIVE_INFINITY]],
  ["negative zero", { z: -0 }],
  ["an invalid Date", { d: new Date(Number.NaN) }],
  ["a class instance", { m: new Money(5n) }],
  ["a sparse array", sparse],
  ["a RegExp", { r: /x/g }],
  ["an Error", { e: new Error("boom") }],
];

describe("serializeAnswer", () => {
  it.each(PAYLOADS)("writes %s exactly as superjson.serialize does", (_name, payload) => {
    expect(serializeAnswer(payload)).toStrictEqual(superjson.serialize(payload));
  });

  // superjson reads a null-prototype object back as a plain one, an Error without its stack.
  it.each(PAYLOADS.filter(([name]) => !["a null-prototype object", "an Error"].includes(name)))("reads back as %s with superjson", (_name, payload) => {
    expect(superjson.deserialize(serializeAnswer(payload))).toStrictEqual(payload);
  });

  it("refuses a prototype key as superjson does", () => {
    const polluted = JSON.parse('{"ok":1,"__proto__":{"admin":true}}') as unknown;
    expect(() => superjson.serialize(polluted)).toThrow(/prototype pollution/);
    expect(() => serializeAnswer(polluted)).toThrow(/prototype pollution/);
  });

  it("matches superjson on random answers", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const keys = ["id", "a.b", "c\\", "", "createdAt", "meta"];
    const make = (depth: number): unknown => {
      const roll = random();
      if (depth > 3 || roll < 0.35) {
        const leaves = [
          () => Math.round(random() * 1e6) / 100,
          () => "s",
          () => null,
          () => true,
          () => undefined,
          () => new Date(Math.round(random() * 1e12)),
          () => 7n,
        ];
        return leaves[Math.floor(random() * leaves.length)]!();
      }
      if (roll < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => make(depth + 1));
      return Object.fromEntries(keys.filter(() => random() < 0.5).map((key) => [key, make(depth + 1)]));
    };
    for (let i = 0; i < 500; i++) {
      const payload = { rows: [make(0), make(0)] };
      expect(serializeAnswer(payload)).toStrictEqual(superjson.serialize(payload));
    }
  });
});
