import { getRouteApi } from "@tanstack/react-router";
import { formatReceiptCode } from "@kolo/domain";
import { Alert, Button, Card, Center, Group, Skeleton, Stack, Text } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import { BusyButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { ReceiptDetails } from "../../components/receipt-details";
import { errorCode, serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { ReportProblem, reportable } from "../support/claims";
import { receiptFileUrl, useShareReceipt } from "./share-receipt";

const route = getRouteApi("/_authed/receipt/$reference");

/**
 * /receipt/{reference} (docs/product.md "Receipts"): the receipt of one of the user's
 * transactions, with a QR code and a short code linking to its public check, /verify/{code};
 * 'Share Receipt' shares the PNG through the Web Share API, else downloads it; 'Download PNG' and
 * 'Download PDF' fetch the files the server draws.
 */
export function ReceiptPage() {
  const { reference } = route.useParams();
  const receipt = trpc.receipts.get.useQuery({ reference }, { retry: (count, error) => errorCode(error) !== "NOT_FOUND" && count < 2 });
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = receipt.data;

  useEffect(() => {
    if (canvas.current && data)
      void QRCode.toCanvas(canvas.current, data.verifyUrl, { width: 160, margin: 1, errorCorrectionLevel: "M" }).catch(() => undefined);
  }, [data]);

  const { share, sharing } = useShareReceipt(data);
  const fileUrl = (kind: "pdf" | "png") => receiptFileUrl(reference, kind);

  return (
    <Stack gap="md">
      <PageHeader title="Receipt" back="/history" />
      {receipt.isPending ? (
        <Card aria-busy="true">
          <Skeleton h={260} />
        </Card>
      ) : !data ? (
        <Alert color="red" variant="light" role="alert" title={errorCode(receipt.error) === "NOT_FOUND" ? "Receipt not found" : "Unable to load the receipt"}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(receipt.error) ?? "Please try again."}</Text>
            {errorCode(receipt.error) === "NOT_FOUND" ? null : (
              <Button size="sm" variant="white" color="red" onClick={() => void receipt.refetch()}>
                Retry
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <>
          <Card component="section" aria-label="Receipt details">
            <ReceiptDetails receipt={data} extra={[{ label: "Description", value: data.description }]} />
          </Card>
          <Card component="section" aria-labelledby="receipt-check-title">
            <Stack align="center" gap="xs" ta="center">
              <Text id="receipt-check-title" fw={700}>
                Anyone can check this receipt
              </Text>
              <Center bg="white" p={4}>
                <canvas ref={canvas} width={160} height={160} role="img" aria-label="QR code of the receipt's check link" />
              </Center>
              <Text size="sm">
                Code <strong data-testid="receipt-code">{formatReceiptCode(data.verifyCode)}</strong>
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {data.verifyUrl}
              </Text>
            </Stack>
          </Card>
          <Stack gap="sm">
            <BusyButton busy={sharing} busyLabel="Preparing..." onClick={() => void share()}>
              Share Receipt
            </BusyButton>
            <Group grow>
              <Button component="a" variant="default" href={fileUrl("png")} download={`kolo-receipt-${reference}.png`}>
                Download PNG
              </Button>
              <Button component="a" variant="default" href={fileUrl("pdf")} download={`kolo-receipt-${reference}.pdf`}>
                Download PDF
              </Button>
            </Group>
            {reportable(data) ? <ReportProblem reference={reference} /> : null}
          </Stack>
        </>
      )}
    </Stack>
  );
}
