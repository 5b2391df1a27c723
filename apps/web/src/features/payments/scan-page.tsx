import { FEATURE_DISABLED_MESSAGE, PAYMENT_LINK_MESSAGES, parsePaymentLink, paymentLinkTarget } from "@kolo/domain";
import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { IconFlashlight, IconPhoto, IconX } from "../../components/icons";
import { domainCode } from "../../lib/errors";
import { decodeQr, decodeQrFile, framePixels } from "../../lib/qr-decode";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import "../shell/scan.css";

/** docs/product.md#qr-codes-and-p2p-transfers: the demo button pays merchant 1, 'Test Store', ₦1,000. */
const DEMO_PAYMENT = { merchantId: 1, merchantName: "Test Store", amount: 1000 } as const;

/** docs/product.md#qr-codes-and-p2p-transfers: the rear camera at an ideal 1280x720. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/**
 * How to allow the camera after refusing it, under the product's 'Camera access denied' text: the
 * browser asks only once, so the user must change the site's permission, then press Try Again.
 */
export const CAMERA_HELP =
  "To allow it, tap the lock or camera icon beside the web address and set Camera to Allow. In the installed app: your phone's Settings, Apps, your browser, Permissions, Camera. Then press Try Again.";

/** docs/product.md#qr-codes-and-p2p-transfers: loading, then ready or denied (or no camera at all). */
type CameraState = "loading" | "ready" | "denied" | "unavailable";

/** Why scanning stopped without leaving the page (docs/product.md#qr-codes-and-p2p-transfers), or that a scanned merchant is being checked. */
type Outcome = { kind: "checking" } | { kind: "problem"; title: string; message: string };

const PROBLEMS = {
  invalid: { kind: "problem", title: PAYMENT_LINK_MESSAGES.invalidTitle, message: PAYMENT_LINK_MESSAGES.invalid },
  self: { kind: "problem", title: PAYMENT_LINK_MESSAGES.invalidTransferTitle, message: PAYMENT_LINK_MESSAGES.toSelf },
  merchantNotFound: { kind: "problem", title: PAYMENT_LINK_MESSAGES.merchantNotFoundTitle, message: PAYMENT_LINK_MESSAGES.merchantNotFound },
  failed: { kind: "problem", title: "Error", message: PAYMENT_LINK_MESSAGES.processingFailed },
  noCode: { kind: "problem", title: "No QR Code Found", message: "There is no QR code in this picture. Choose another one." },
} as const satisfies Record<string, Outcome>;

/** A getUserMedia failure as docs/product.md#qr-codes-and-p2p-transfers words it: a refusal, or anything else. */
function cameraFailure(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : "";
  return name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError" ? "denied" : "unavailable";
}

/**
 * QR scanner (docs/product.md#qr-codes-and-p2p-transfers). The rear camera's frames go
 * through `jsqr` on every animation frame until a code is found; then scanning stops and the code
 * is read as a payment link (docs/decisions.md): a merchant (checked on the server) goes
 * to /payment-confirmation?merchantId&amount&merchantName, an invoice to
 * /payment-confirmation?invoiceId, another user's P2P code to /transfer?userId&amount. Anything
 * else, or one's own P2P code, shows why with 'Scan Again'. A picture from the gallery is decoded
 * by the same path. The camera's tracks stop when the page is left; a merchant check that answers
 * after the user went elsewhere (the demo button, Cancel) leads nowhere. Needs feature_scan_pay.
 */
export function ScanPage() {
  const enabled = useFeatures()("feature_scan_pay");
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          Scan to Pay
        </Title>
        <ActionIcon component={Link} to="/dashboard" variant="subtle" color="gray" size="lg" aria-label="Close">
          <IconX />
        </ActionIcon>
      </Group>
      {enabled ? (
        <Scanner />
      ) : (
        <>
          <Alert color="gray" variant="light" title="Unavailable">
            {FEATURE_DISABLED_MESSAGE}
          </Alert>
          <Button component={Link} to="/dashboard" variant="default">
            Cancel
          </Button>
        </>
      )}
    </Stack>
  );
}

function Scanner() {
  const me = useMe();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<CameraState>("loading");
  const [scanning, setScanning] = useState(true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  /** Raised by Try Again: the camera is asked for again (after the user allowed it). */
  const [cameraAttempt, setCameraAttempt] = useState(0);
  /**
   * Raised whenever what a code was scanned for is over: a navigation starts (the demo button,
   * Cancel, Close, the browser's Back), the page is left, Scan Again, another picture. A code whose
   * merchant check answers afterwards leads nowhere: the user stays where they went.
   */
  const scanTurn = useRef(0);
  const router = useRouter();
  useEffect(() => {
    const moveOn = () => {
      scanTurn.current += 1;
    };
    const unsubscribe = router.subscribe("onBeforeNavigate", moveOn);
    return () => {
      unsubscribe();
      moveOn();
    };
  }, [router]);

  // Start the camera (again on Try Again); stop every track when the page is left (or the start is overtaken).
  useEffect(() => {
    let cancelled = false;
    setCamera("loading");
    if (typeof navigator.mediaDevices?.getUserMedia !== "function") {
      setCamera("unavailable");
      return;
    }
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      async (media) => {
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        try {
          await element.play();
        } catch {
          // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read.
        }
        if (!cancelled) setCamera("ready");
      },
      (error: unknown) => {
        console.warn("Camera start failed", error);
        if (!cancelled) setCamera(cameraFailure(error));
      },
    );
    return () => {
      cancelled = true;
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
  }, [cameraAttempt]);

  /** Reads a decoded text as a payment link and goes where it leads, or says why not. */
  const handleCode = useCallback(
    async (text: string) => {
      const turn = scanTurn.current;
      try {
        const payload = parsePaymentLink(text);
        if (!payload) return setOutcome(PROBLEMS.invalid);
        if (payload.type === "p2p" && payload.userId === me.id) return setOutcome(PROBLEMS.self);
        if (payload.type === "merchant") {
          setOutcome({ kind: "checking" });
          try {
            await utils.merchants.byId.fetch({ id: payload.merchantId });
          } catch (error) {
            if (turn !== scanTurn.current) return;
            return setOutcome(domainCode(error) === "NOT_FOUND" ? PROBLEMS.merchantNotFound : PROBLEMS.failed);
          }
          // The user moved on while the merchant was checked (the demo button, Cancel): stay where they went.
          if (turn !== scanTurn.current) return;
        }
        const target = paymentLinkTarget(payload);
        await navigate({ href: `${target.to}?${new URLSearchParams(target.search).toString()}` });
      } catch (error) {
        console.warn("QR processing failed", error);
        setOutcome(PROBLEMS.failed);
      }
    },
    [me.id, navigate, utils],
  );

  // docs/product.md#qr-codes-and-p2p-transfers: jsqr on every video frame until a code is found; then scanning stops.
  useEffect(() => {
    if (camera !== "ready" || !scanning) return;
    const canvas = document.createElement("canvas");
    let frame = 0;
    const tick = () => {
      const element = video.current;
      if (element && element.readyState >= element.HAVE_CURRENT_DATA) {
        const pixels = framePixels(canvas, element, element.videoWidth, element.videoHeight);
        const text = pixels ? decodeQr(pixels) : null;
        if (text !== null) {
          setScanning(false);
          void handleCode(text);
          return;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [camera, scanning, handleCode]);

  /** docs/product.md#qr-codes-and-p2p-transfers: the flashlight toggles; without a torch nothing happens; failures are only logged. */
  const toggleTorch = async () => {
    const track = stream.current?.getVideoTracks()[0];
    const capabilities = track?.getCapabilities?.() as (MediaTrackCapabilities & { torch?: boolean }) | undefined;
    if (!track || !capabilities?.torch) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torchOn } as MediaTrackConstraintSet] });
      setTorchOn(!torchOn);
    } catch (error) {
      console.warn("Torch failed", error);
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    scanTurn.current += 1;
    setScanning(false);
    setOutcome(null);
    try {
      const text = await decodeQrFile(file);
      if (text === null) return setOutcome(PROBLEMS.noCode);
      await handleCode(text);
    } catch (error) {
      console.warn("Picture decoding failed", error);
      setOutcome(PROBLEMS.noCode);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const scanAgain = () => {
    scanTurn.current += 1;
    setOutcome(null);
    setScanning(true);
  };

  const cameraMessage = camera === "denied" ? PAYMENT_LINK_MESSAGES.cameraDenied : camera === "unavailable" ? PAYMENT_LINK_MESSAGES.cameraUnavailable : null;

  return (
    <Stack gap="md">
      <Box pos="relative" bg="dark.9" style={{ aspectRatio: "3 / 4", borderRadius: "var(--mantine-radius-lg)", overflow: "hidden" }}>
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          style={{ width: "100%", height: "100%", objectFit: "cover", display: cameraMessage ? "none" : "block" }}
        />
        {camera === "loading" ? (
          <Center pos="absolute" inset={0} role="status" aria-live="polite">
            <Loader color="white" aria-label="Starting camera" />
          </Center>
        ) : null}
        {camera === "ready" ? (
          <>
            <div className="kolo-scan-frame" aria-hidden="true">
              {scanning ? <div className="kolo-scan-line" /> : null}
            </div>
            <ActionIcon
              pos="absolute"
              top={12}
              right={12}
              size="xl"
              radius="xl"
              variant={torchOn ? "white" : "filled"}
              color={torchOn ? "yellow" : "dark"}
              aria-label="Flashlight"
              aria-pressed={torchOn}
              onClick={() => void toggleTorch()}
            >
              <IconFlashlight />
            </ActionIcon>
          </>
        ) : null}
        {cameraMessage ? (
          <Center pos="absolute" inset={0} p="lg">
            <Stack gap="sm" align="center">
              <Text c="white" ta="center" role="alert">
                {cameraMessage}
              </Text>
              {camera === "denied" ? (
                <Text c="gray.3" size="sm" ta="center">
                  {CAMERA_HELP}
                </Text>
              ) : null}
              <Button variant="white" onClick={() => setCameraAttempt((attempt) => attempt + 1)}>
                Try Again
              </Button>
            </Stack>
          </Center>
        ) : null}
      </Box>

      {outcome?.kind === "problem" ? (
        <Alert color="red" title={outcome.title} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{outcome.message}</Text>
            <Button size="xs" variant="light" onClick={scanAgain}>
              Scan Again
            </Button>
          </Stack>
        </Alert>
      ) : outcome?.kind === "checking" ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Checking the code...</Text>
        </Group>
      ) : (
        <Text ta="center" size="sm" c="dimmed">
          Position the QR code within the frame to scan
        </Text>
      )}

      {/* Opened by the button below (one control for screen readers and keyboards). */}
      <input ref={fileInput} type="file" accept="image/*" hidden onChange={(event) => void chooseFile(event.currentTarget.files?.[0])} />
      <Button variant="default" leftSection={<IconPhoto size={18} />} onClick={() => fileInput.current?.click()}>
        Choose from Gallery
      </Button>
      <Button onClick={() => void navigate({ to: "/payment-confirmation", search: { ...DEMO_PAYMENT } })}>Demo: Proceed with Payment</Button>
      <Button component={Link} to="/dashboard" variant="subtle" color="gray">
        Cancel
      </Button>
    </Stack>
  );
}
