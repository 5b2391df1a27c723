/**
 * Outside services the procedures call (providers and configuration), injected by the server
 * and by tests. Extend when a new provider arrives.
 */
export interface Services {
  /** Origin the browser sees, e.g. http://localhost:3000; used for provider callback URLs. */
  publicUrl: string;
}
