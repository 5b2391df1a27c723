// Per-file set-up for Vitest: a value made in the file's beforeAll and closed in its afterAll,
// readable from the top of the file. Test harnesses (apps/server/test/helpers.ts) build on these.
import { afterAll, beforeAll } from "vitest";
import type { DbOptions } from "../client";
import { type TestDatabase, createTestDatabase } from "./index";

/**
 * A stand-in for a value that exists only once the file's beforeAll has run: `value` forwards
 * every property read and write to what `set` was given, and throws, naming `what`, when it is
 * read before. So a file can write `const { t, server } = useTestServer()` at its top and read
 * `t.db` in its tests. Objects only (a database handle, a server, a Fastify app, a client).
 */
export function lateBound<T extends object>(what: string): { value: T; set: (value: T) => void; isSet: () => boolean } {
  let current: T | undefined;
  const target = (): T => {
    if (current === undefined) throw new Error(`${what} is read before the beforeAll that makes it has run`);
    return current;
  };
  const value = new Proxy({} as T, {
    // `then` unset: the stand-in is not a promise, even before it is set (an await may ask).
    get: (_, key) => (key === "then" && current === undefined ? undefined : Reflect.get(target(), key)),
    set: (_, key, next) => Reflect.set(target(), key, next),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // A proxy may only report configurable properties its own (empty) target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return {
    value,
    set: (next) => {
      current = next;
    },
    isSet: () => current !== undefined,
  };
}

/**
 * A fresh test database for the calling file (createTestDatabase): made before its tests, closed
 * after them. `t` may be destructured at the top of the file and read inside tests and hooks.
 */
export function useTestDatabase(options: DbOptions = {}): { t: TestDatabase } {
  const t = lateBound<TestDatabase>("The test database");
  beforeAll(async () => t.set(await createTestDatabase(options)));
  afterAll(async () => {
    if (t.isSet()) await t.value.close();
  });
  return { t: t.value };
}
