import { authRouter } from "./router/auth";
import { featuresRouter } from "./router/features";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  features: featuresRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
