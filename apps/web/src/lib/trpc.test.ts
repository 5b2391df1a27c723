import { MutationObserver, onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "./trpc";

afterEach(() => onlineManager.setOnline(true));

describe("the query client's mutations", () => {
  it("run at once while offline and fail there, instead of waiting to fire on their own when the connection returns", async () => {
    const client = createQueryClient(() => {});
    onlineManager.setOnline(false);
    let calls = 0;
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        calls++;
        throw new TypeError("Failed to fetch");
      },
    });
    await expect(observer.mutate()).rejects.toThrow("Failed to fetch");
    expect(calls).toBe(1);
    expect(observer.getCurrentResult().isPaused).toBe(false);

    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    expect(calls).toBe(1);
  });
});
