// Chooses the provider implementations from the environment: real HTTP clients when keys are
// set, the built-in sandboxes otherwise. Tests build Services directly.
import type { Services } from "@kolo/api";
import type { Env } from "./env";

export function createServices(_env: Env, publicUrl: string): Services {
  return { publicUrl };
}
