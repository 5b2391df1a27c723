import "./styles/mantine-first.css";
import "./focus.css";
import "./toasts.css";
import "./touch.css";
import "./text.css";

import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { flushSync } from "react-dom";
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
  const app = (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Toasts />
        <UpdateOffer />
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  // A prerendered form (login.html) is replaced in the same task its typed values were read in: a
  // keystroke in between would be lost. `flushSync`, because `render` alone only schedules the
  // commit for a later task, and a field filled meanwhile went into the markup being thrown away.
  // Any other first screen (dashboard.html's frame, which nothing can be typed into, or none) is
  // rendered as a transition: React renders it in slices of a few milliseconds, yielding to the
  // browser between them, rather than in one long task that blocks input (docs/performance.md
  // "/dashboard: the user's data with the page").
  if (root.querySelector("[data-prerendered] input")) flushSync(() => reactRoot.render(app));
  else startTransition(() => reactRoot.render(app));
});
registerServiceWorker();
loadLaterStylesWhenIdle();
