/** Followed shops (issue 50): a signed-in buyer's list, on the server. */

/** The most shops one account follows. */
export const MAX_FOLLOWED = 500;
export const FOLLOW_FULL_MESSAGE = `You can follow at most ${MAX_FOLLOWED} shops. Unfollow one first.`;
/** A shop's owner and its staff never follow it (dokan#2358). */
export const OWN_SHOP_FOLLOW_MESSAGE = 'You cannot follow your own shop';
