import { formatNaira, parseNairaInput } from "@kolo/domain";
import { Alert, Box, Button, Card, Center, Group, Stack, Text, Title } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import { NairaAmountInput } from "./form-inputs";
import { IconDownload, IconSend } from "./icons";

/** The QR as docs/product.md#merchants-and-invoices draws it: 200 px, a margin of 1 module. */
const QR_OPTIONS = { width: 200, margin: 1, errorCorrectionLevel: "M" } as const;
const SHARE_UNSUPPORTED = "Sharing not supported on this browser.";

/** A file name from the title: the title's letters, digits, spaces and dashes, then .png. */
function qrFileName(title: string): string {
  const base = title
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
  return `${base || "payment-qr"}.png`;
}

interface PaymentQrProps {
  /** The title above the code (the merchant's or the user's name); also names the PNG. */
  title: string;
  /** The payment link the code carries for a fixed amount (naira) or none (docs/decisions.md). */
  linkFor: (amount: number | undefined) => string;
  /** Offer Add/Remove Fixed Amount (default); off for a code whose amount is set (an invoice). */
  fixedAmount?: boolean;
  /** The text under the code instead of 'Scan to pay me' / 'Scan to pay {amount}'. */
  caption?: string;
}

/**
 * A payment QR as docs/product.md#merchants-and-invoices describes it, for a merchant (/merchant/qr-code) and for a
 * user's own P2P code (/receive): the link drawn on a canvas (the `qrcode` package; a canvas needs
 * no `img-src data:` in the CSP), 'Scan to pay me' or 'Scan to pay {amount}', the Add/Remove
 * Fixed Amount toggle, PNG download named from the title, and Web Share of the PNG file with the
 * 'Sharing not supported on this browser.' fallback.
 */
export function PaymentQr({ title, linkFor, fixedAmount = true, caption: fixedCaption }: PaymentQrProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [amountText, setAmountText] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [shareMessage, setShareMessage] = useState<string | null>(null);
  const [drawError, setDrawError] = useState(false);
  const shareNotice = useRef<HTMLDivElement>(null);
  const link = linkFor(amount);
  const caption = fixedCaption ?? (amount !== undefined ? `Scan to pay ${formatNaira(amount)}` : "Scan to pay me");

  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, link, QR_OPTIONS).then(
      () => setDrawError(false),
      () => setDrawError(true),
    );
  }, [link]);

  // The notice appears under the Share button, which may sit just above the bottom navigation:
  // brought into view (text.css keeps scrolling clear of the navigation).
  useEffect(() => {
    if (shareMessage) shareNotice.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [shareMessage]);

  const applyAmount = () => {
    const parsed = parseNairaInput(amountText);
    if (!parsed.ok) return setAmountError(parsed.error);
    if (!(parsed.naira > 0)) return setAmountError("Please enter a valid amount");
    setAmount(parsed.naira);
    setAmountError(null);
    setEditing(false);
  };

  const removeAmount = () => {
    setAmount(undefined);
    setAmountText("");
    setAmountError(null);
    setEditing(false);
  };

  const pngBlob = () =>
    new Promise<Blob>((resolve, reject) => {
      if (!canvas.current) return reject(new Error("No QR drawn"));
      canvas.current.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("No PNG"))), "image/png");
    });

  const download = async () => {
    const url = URL.createObjectURL(await pngBlob());
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = qrFileName(title);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const share = async () => {
    setShareMessage(null);
    const file = new File([await pngBlob()], qrFileName(title), { type: "image/png" });
    const data = { files: [file], title, text: caption };
    if (typeof navigator.share !== "function" || typeof navigator.canShare !== "function" || !navigator.canShare(data)) {
      setShareMessage(SHARE_UNSUPPORTED);
      return;
    }
    try {
      await navigator.share(data);
    } catch {
      // Closed by the user.
    }
  };

  return (
    <Stack gap="md">
      <Card padding="lg">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Center bg="white" p={4}>
            <canvas ref={canvas} width={200} height={200} role="img" aria-label={`Payment QR code: ${caption}`} />
          </Center>
          {drawError ? (
            <Text c="red" role="alert">
              Could not draw the QR code.
            </Text>
          ) : null}
          <Text fw={600} aria-live="polite">
            {caption}
          </Text>
        </Stack>
      </Card>
      {fixedAmount ? (
        <Card>
          {editing ? (
            <Stack gap="sm">
              <NairaAmountInput
                label="Fixed amount"
                placeholder="1,000"
                value={amountText}
                error={amountError}
                onChange={(event) => {
                  setAmountText(event.currentTarget.value);
                  setAmountError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") applyAmount();
                }}
              />
              <Group grow>
                <Button onClick={applyAmount}>Set Amount</Button>
                <Button variant="default" onClick={removeAmount}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : amount !== undefined ? (
            <Button variant="light" fullWidth onClick={removeAmount}>
              Remove Fixed Amount
            </Button>
          ) : (
            <Button variant="light" fullWidth onClick={() => setEditing(true)}>
              Add Fixed Amount
            </Button>
          )}
        </Card>
      ) : null}
      <Box>
        <Group grow>
          <Button leftSection={<IconDownload size={16} />} onClick={() => void download()}>
            Download
          </Button>
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => void share()}>
            Share
          </Button>
        </Group>
        {shareMessage ? (
          <Alert ref={shareNotice} color="yellow" variant="light" mt="sm" role="alert">
            {shareMessage}
          </Alert>
        ) : null}
      </Box>
    </Stack>
  );
}
