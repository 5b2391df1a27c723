import jsQR from "jsqr";

/**
 * The one QR decoding path of the scanner (docs/product.md#qr-codes-and-p2p-transfers), for camera frames and for
 * pictures chosen from the gallery: `jsqr` on the pixels, inverted codes not tried. Returns the
 * code's text, or null when the picture holds none (never throws: an unexpected error is logged
 * and counts as nothing found).
 */
export function decodeQr(image: ImageData): string | null {
  try {
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  } catch (error) {
    console.warn("QR decoding failed", error);
    return null;
  }
}

/**
 * Draws `source` (a video frame or a decoded picture) into `canvas`, scaled down so that its
 * longer side is at most `maxSide` px (a 12-megapixel photo would take seconds), and returns its
 * pixels; null when the source has no size yet or the canvas has no 2D context.
 */
export function framePixels(canvas: HTMLCanvasElement, source: CanvasImageSource, width: number, height: number, maxSide = 1280): ImageData | null {
  if (!width || !height) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}

/** Decodes a picture file (the gallery) through the same path as camera frames. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const pixels = framePixels(document.createElement("canvas"), bitmap, bitmap.width, bitmap.height, 1600);
    return pixels ? decodeQr(pixels) : null;
  } finally {
    bitmap.close();
  }
}
