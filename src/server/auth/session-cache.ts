import type { SessionUser } from '../users/users.mapper';

/**
 * How long a verified session is trusted without asking the database again, when nothing said it
 * changed: a bound for what no signal reports, and how late the hourly `last_seen_at` touch may be.
 */
const MAX_AGE_MS = 5 * 60_000;

/** SESSION_CACHE_MAX_ENTRIES's default: 10,000 signed-in people at about 1 KB each. */
export const DEFAULT_SESSION_CACHE_ENTRIES = 10_000;

export interface VerifiedSession {
  userId: number;
  sessionId: string;
  /** The account as the tiers see it (profile and roles), frozen: requests share it. */
  user: SessionUser;
  /** The session row's own expiry (ms). */
  expiresAt: number;
}

interface Entry extends VerifiedSession {
  checkedAt: number;
}

export interface SessionCache {
  readonly enabled: boolean;
  /** Taken before reading the database; `set` keeps the answer only if nothing changed meanwhile. */
  generation(): number;
  get(sessionId: string, now: number): VerifiedSession | undefined;
  set(session: VerifiedSession, generation: number, now: number): void;
  /** Everything may have changed (a session, an account or its roles, through any writer). */
  clear(): void;
  /** This account's sessions, profile or roles changed (another instance's notification). */
  forgetUser(userId: number): void;
  /** Entries held, for tests and metrics. */
  size(): number;
}

/**
 * The sessions this instance verified, by session id (the id is the cookie's random secret, so a
 * forged cookie never matches an entry; the cookie itself is verified before by its signature): the
 * session row is live, and its account's profile and roles as read then. Bounded by `maxEntries`
 * (least recently used out; about 1 KB each), `0` turns it off. Emptied by every write that can change
 * an answer (db/watched-writes.ts in this process; data_version or the PostgreSQL notifications for
 * the others: `changedElsewhere`, asked at each read, answers true when they may have written).
 */
export function createSessionCache(options: { maxEntries: number; changedElsewhere?: () => boolean }): SessionCache {
  const { maxEntries, changedElsewhere } = options;
  const entries = new Map<string, Entry>();
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const settled = () => {
    if (changedElsewhere?.()) clear();
  };

  return {
    enabled: maxEntries > 0,
    generation: () => generation,
    get(sessionId, now) {
      if (maxEntries <= 0) return undefined;
      settled();
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now || now - entry.checkedAt >= MAX_AGE_MS) {
        entries.delete(sessionId);
        return undefined;
      }
      // Least recently used first out: a hit moves to the end.
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      return entry;
    },
    set(session, at, now) {
      if (maxEntries <= 0) return;
      settled();
      if (at !== generation) return;
      Object.freeze(session.user.roles);
      Object.freeze(session.user.shippingAddress);
      Object.freeze(session.user);
      entries.delete(session.sessionId);
      entries.set(session.sessionId, { ...session, checkedAt: now });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    clear,
    forgetUser(userId) {
      generation += 1;
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
    },
    size: () => entries.size,
  };
}
