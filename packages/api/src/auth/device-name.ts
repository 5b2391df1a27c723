// A device's name for /settings/devices (docs/product.md "Fraud controls"), read from its
// User-Agent header with bowser (a maintained, MIT-licensed parser): 'Chrome on Android'.
import Bowser from "bowser";

/** 'Chrome on Android', 'Safari on iOS', 'Firefox' (no OS found), or null for no or an unreadable user agent. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser && !os) return null;
  if (!browser) return os ?? null;
  return os ? `${browser} on ${os}` : browser;
}
