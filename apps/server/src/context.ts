// Builds the tRPC context from a Fastify request: the session cookie in, the cookie writer out.
// Shared by the tRPC endpoint and the REST adapter so both see the same session rules.
import { type Services, SESSION_COOKIE_NAME, createContext } from "@kolo/api";
import type { Database } from "@kolo/db";
import { TRANSACTION_PIN_HEADER } from "@kolo/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface ContextDeps {
  db: Database;
  services: Services;
}

export function contextFactory({ db, services }: ContextDeps) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const secure = req.protocol === "https";
    return createContext({
      db,
      services,
      sessionToken: req.cookies[SESSION_COOKIE_NAME],
      transactionPinHeader: typeof req.headers[TRANSACTION_PIN_HEADER] === "string" ? req.headers[TRANSACTION_PIN_HEADER] : undefined,
      cookies: {
        set: (token, expiresAt) => void reply.setCookie(SESSION_COOKIE_NAME, token, { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt }),
        clear: () => void reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: "lax", secure, path: "/" }),
      },
    });
  };
}
