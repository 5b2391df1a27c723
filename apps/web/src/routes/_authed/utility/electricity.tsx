import { createFileRoute } from "@tanstack/react-router";
import { ElectricityPage } from "../../../features/purchases/electricity-page";

/** Buy Electricity (docs/product.md "Electricity"). */
export const Route = createFileRoute("/_authed/utility/electricity")({
  component: ElectricityPage,
});
