import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./focus.css";

import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createAppRouter } from "./router";
import { theme } from "./theme";

const router = createAppRouter();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications limit={1} position="top-center" zIndex={1000} />
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
