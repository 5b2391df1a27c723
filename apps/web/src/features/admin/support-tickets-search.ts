/** Tickets a page of the admin queue shows (paged like the users list). */
export const QUEUE_PAGE_SIZE = 20;
