import { createFileRoute } from "@tanstack/react-router";
import { ScanPage } from "../../features/payments/scan-page";

export const Route = createFileRoute("/_authed/scan")({
  component: ScanPage,
});
