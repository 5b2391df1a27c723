import { buildPaymentLink } from "@kolo/domain";
import QRCode from "qrcode";
import { describe, expect, it, vi } from "vitest";
import { decodeQr } from "./qr-decode";

/** The pixels of a QR of `text` (dark on white, `scale` px per module, a 4-module quiet zone), as ImageData-like data. */
function qrPixels(text: string, scale = 4, invert = false): ImageData {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) === 1;
      const value = dark !== invert ? 0 : 255;
      data.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { data, width: size, height: size, colorSpace: "srgb" } as ImageData;
}

describe("decodeQr (the scanner's one jsqr path)", () => {
  it("reads the payment link a QR carries", () => {
    const link = buildPaymentLink({ type: "merchant", merchantId: 12, merchantName: "Mama Put", amount: 1500.5 });
    expect(decodeQr(qrPixels(link))).toBe(link);
  });

  it("answers null for a picture without a code, and does not try inverted codes (docs/product.md#qr-codes-and-p2p-transfers)", () => {
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64, colorSpace: "srgb" } as ImageData;
    expect(decodeQr(blank)).toBeNull();
    expect(decodeQr(qrPixels("kolo://pay/p2p/3", 4, true))).toBeNull();
  });

  it("logs an unexpected decoding error and answers null", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(decodeQr({ data: null, width: 10, height: 10 } as unknown as ImageData)).toBeNull();
    expect(warn).toHaveBeenCalledWith("QR decoding failed", expect.any(TypeError));
    warn.mockRestore();
  });
});
