import { createFileRoute, redirect } from "@tanstack/react-router";

import { OnboardingPage } from "../../features/account/onboarding-page";

/** Shown after registration (docs/product.md#accounts-and-sessions); fully verified users go to /dashboard. */
export const Route = createFileRoute("/_authed/onboarding")({
  beforeLoad: ({ context }) => {
    if (context.me.verificationLevel >= 2) throw redirect({ to: "/dashboard", replace: true });
  },
  component: OnboardingPage,
});
