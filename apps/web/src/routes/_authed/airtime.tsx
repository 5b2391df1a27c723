import { createFileRoute } from "@tanstack/react-router";
import { AirtimePage } from "../../features/purchases/airtime-page";

/** Buy Airtime (docs/product.md#airtime-and-data). */
export const Route = createFileRoute("/_authed/airtime")({
  component: AirtimePage,
});
