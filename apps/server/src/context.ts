// Builds the tRPC context from a Fastify request: the session cookie in, the cookie writer out.
// Shared by the tRPC endpoint and the REST adapter so both see the same session rules.
import { DEVICE_COOKIE_NAME, type Services, SESSION_COOKIE_NAME, createContext } from "@kolo/api";
import type { Database } from "@kolo/db";
import { TRANSACTION_PIN_HEADER } from "@kolo/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface ContextDeps {
  db: Database;
  services: Services;
}

/** The device cookie lives two years (a browser seen before is not "new"). */
const DEVICE_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;

export function contextFactory({ db, services }: ContextDeps) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const secure = req.protocol === "https";
    return createContext({
      db,
      services,
      sessionToken: req.cookies[SESSION_COOKIE_NAME],
      transactionPinHeader: typeof req.headers[TRANSACTION_PIN_HEADER] === "string" ? req.headers[TRANSACTION_PIN_HEADER] : undefined,
      // A device token is ours (43 base64url characters); anything else counts as no cookie.
      deviceToken: /^[\w-]{43}$/.test(req.cookies[DEVICE_COOKIE_NAME] ?? "") ? req.cookies[DEVICE_COOKIE_NAME] : undefined,
      userAgent: req.headers["user-agent"],
      cookies: {
        set: (token, expiresAt) => void reply.setCookie(SESSION_COOKIE_NAME, token, { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt }),
        clear: () => void reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: "lax", secure, path: "/" }),
        setDevice: (token) =>
          void reply.setCookie(DEVICE_COOKIE_NAME, token, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: DEVICE_COOKIE_MAX_AGE_S }),
      },
    });
  };
}
