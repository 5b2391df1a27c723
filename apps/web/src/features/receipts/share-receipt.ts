import { useState } from "react";
import { notify, notifyError } from "../../lib/notify";

/** The URL of a receipt's file the server draws (GET /api/receipts/{reference}.png or .pdf). */
export const receiptFileUrl = (reference: string, kind: "pdf" | "png") => `/api/receipts/${encodeURIComponent(reference)}.${kind}`;

/** Saves the receipt's PNG through a download link. */
export function downloadReceiptPng(reference: string): void {
  const anchor = document.createElement("a");
  anchor.href = receiptFileUrl(reference, "png");
  anchor.download = `kolo-receipt-${reference}.png`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * 'Share Receipt' (docs/product.md "Receipts"): the receipt's PNG through the Web Share API with
 * files (a phone's share sheet, WhatsApp among its targets), else downloaded with the toast
 * 'Receipt Downloaded'. `receipt` is null until the receipt is loaded (sharing does nothing then).
 * Returns `share` and `sharing` (true while the PNG is fetched and the sheet is open).
 */
export function useShareReceipt(receipt: { reference: string; verifyUrl: string } | null | undefined) {
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    if (!receipt || sharing) return;
    const { reference } = receipt;
    setSharing(true);
    try {
      const response = await fetch(receiptFileUrl(reference, "png"), { credentials: "include" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const file = new File([await response.blob()], `kolo-receipt-${reference}.png`, { type: "image/png" });
      const payload = { files: [file], title: "Kolo receipt", text: `Kolo receipt ${reference}. Check it: ${receipt.verifyUrl}` };
      if (typeof navigator.share === "function" && typeof navigator.canShare === "function" && navigator.canShare(payload)) {
        await navigator.share(payload).catch(() => undefined); // closed by the user
      } else {
        downloadReceiptPng(reference);
        notify({ title: "Receipt Downloaded", message: "Sharing is not available here: the receipt was saved as a PNG." });
      }
    } catch {
      notifyError("Error", "Unable to prepare the receipt. Please try again.");
    } finally {
      setSharing(false);
    }
  };
  return { share, sharing };
}
