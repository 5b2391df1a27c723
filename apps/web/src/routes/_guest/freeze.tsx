import { createFileRoute } from "@tanstack/react-router";

import { FreezePage } from "../../features/auth/freeze-page";

export const Route = createFileRoute("/_guest/freeze")({
  component: FreezePage,
});
