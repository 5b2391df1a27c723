import { describe, expect, it } from "vitest";
import { detectNetwork } from "./purchases";

describe("detectNetwork", () => {
  it("reads the network from the prefix as soon as four digits are typed, in every written form", () => {
    expect(detectNetwork("0803")).toBe("mtn");
    expect(detectNetwork("0803 123 4567")).toBe("mtn");
    expect(detectNetwork("+234 805 123 4567")).toBe("glo");
    expect(detectNetwork("2348021234567")).toBe("airtel");
    expect(detectNetwork("0809-999-9999")).toBe("etisalat");
    expect(detectNetwork("07025123456")).toBe("mtn");
    expect(detectNetwork("0916")).toBe("mtn");
    expect(detectNetwork("0915")).toBe("glo");
  });

  it("says nothing for a prefix no network has, a short or a foreign number", () => {
    expect(detectNetwork("0801 111 1111")).toBeUndefined();
    expect(detectNetwork("0702 7")).toBeUndefined();
    expect(detectNetwork("080")).toBeUndefined();
    expect(detectNetwork("")).toBeUndefined();
    expect(detectNetwork("+44 7700 900123")).toBeUndefined();
    expect(detectNetwork("8031234567")).toBeUndefined();
  });
});
