/** How the server reaches VTpass (docs/providers.md "VTpass"); not all three keys = the built-in sandbox. */
export interface VtpassSettings {
  /** VTPASS_API_KEY, VTPASS_PUBLIC_KEY (GET) and VTPASS_SECRET_KEY (POST). */
  apiKey?: string;
  publicKey?: string;
  secretKey?: string;
  /** VTPASS_BASE_URL (https://vtpass.com/api). */
  baseUrl: string;
  /** VTPASS_TIMEOUT_MS: how long a call may take before it counts as no answer. */
  timeoutMs: number;
}
