/** Positive integer ids only; anything else is the not-found answer of the server. */
export const ticketId = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);
