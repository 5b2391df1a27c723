import { createFileRoute } from "@tanstack/react-router";
import { DataPage } from "../../features/purchases/data-page";

/** Buy Data Bundle (docs/product.md#airtime-and-data). */
export const Route = createFileRoute("/_authed/data")({
  component: DataPage,
});
