import { createFileRoute } from "@tanstack/react-router";
import { CablePage } from "../../../features/purchases/cable-page";

/** Cable TV (docs/product.md "Cable TV"). */
export const Route = createFileRoute("/_authed/utility/cable")({
  component: CablePage,
});
