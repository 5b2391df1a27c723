import "./styles/mantine-first.css";
import "./focus.css";
import "./toasts.css";
import "./touch.css";
import "./text.css";

import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Toasts } from "./components/toasts";
import { UpdateOffer } from "./components/update-offer";
import { keepPrerenderedInput } from "./lib/prerendered";
import { registerServiceWorker } from "./lib/service-worker";
import { loadLaterStylesWhenIdle } from "./lib/styles";
import { createAppRouter } from "./router";
import { cssVariablesResolver, theme } from "./theme";

const router = createAppRouter();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A page that arrives with a screen already drawn (login.html, dashboard.html) keeps it until the
// router has loaded the real one: React then replaces it in one frame, never with a blank page or a
// spinner in between.
const ready = root.querySelector("[data-prerendered]") ? router.load().catch(() => undefined) : Promise.resolve();
void ready.then(() => {
  // What was typed into a prerendered form (login.html) is handed to React's (lib/prerendered.ts).
  keepPrerenderedInput(root);
  // The first render as a transition: React renders the screen in slices of a few milliseconds,
  // yielding to the browser between them, rather than in one long task that blocks input
  // (docs/performance.md "/dashboard: the user's data with the page"). The prerendered frame stays
  // on screen until the commit.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Toasts />
          <UpdateOffer />
          <RouterProvider router={router} />
        </MantineProvider>
      </StrictMode>,
    );
  });
});
registerServiceWorker();
loadLaterStylesWhenIdle();
