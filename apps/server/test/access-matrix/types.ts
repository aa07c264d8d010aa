import type { World, Actor } from './world.js';

/**
 * The access matrix's vocabulary: the roles a request is made as, the class of outcome each cell
 * expects, and the rule an endpoint of the contract is held to.
 */

/** Who calls, relative to tribe A (the tribe whose objects fill the path params). */
export const ROLES = ['leader', 'moderator', 'member', 'banned', 'pending', 'otherLeader', 'outsider', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;
export const SIGNED_IN: readonly SignedInRole[] = ROLES.filter((r): r is SignedInRole => r !== 'anonymous');

/**
 * The class of a cell's outcome:
 * - `allow`: reached the endpoint's work: 2xx/3xx, or a state answer (409, 410, 422) about the object;
 * - `self`: allowed, on the caller's own account or object (the `foreign` check proves no one reaches another's);
 * - 401, 403, 404: refused with exactly that status.
 */
export type Outcome = 'allow' | 'self' | 401 | 403 | 404;

/** What a cell sends besides the caller's token (added by the runner). */
export interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (payload and its content-type header) instead of JSON. */
  form?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
  /** The whole URL, when the path is not built from params (`/media/private/*`). */
  url?: string;
}

/** One cell's context: the world, the role, and the signed-in caller (null for anonymous). */
export interface Cell {
  w: World;
  role: Role;
  me: Actor | null;
}

export interface Rule {
  /** The expected outcome per role (grouped with `by`). */
  expect: Partial<Record<Role, Outcome>>;
  /** Builds the request, creating what this cell needs (a fresh object for a destructive act). */
  request?: (cell: Cell) => Req | Promise<Req>;
  /**
   * The cell runs as a fresh stand-in of its role (a new user in the same place in tribe A), for acts
   * that would spend the role's own account (leaving the tribe, signing out, deleting the account).
   */
  standIn?: boolean;
  /** For `self` endpoints with an id: every signed-in role asks for another person's object and gets this status. */
  foreign?: { status: 403 | 404; request: (cell: Cell) => Req | Promise<Req> };
  /**
   * Something an allowed answer must not carry to these roles (a list that answers 200 but must leave
   * out a tribe-only post, an unpaid expense, another member's pending village).
   */
  secret?: { from: readonly Role[]; text: (w: World) => string };
  /** Statuses an allowed cell may also answer, each explained in `reason`. */
  tolerate?: readonly number[];
  /** Why a rule is weaker than the others (an external system, a signed token the test cannot make). */
  reason?: string;
}

export type Rules = Record<string, Rule>;

/** Expectations grouped by outcome: `by({ allow: MODS, 403: [...], 401: ['anonymous'] })`. */
export function by(groups: Partial<Record<Outcome, readonly Role[]>>): Partial<Record<Role, Outcome>> {
  const out: Partial<Record<Role, Outcome>> = {};
  for (const [outcome, roles] of Object.entries(groups) as [string, readonly Role[]][]) {
    const o: Outcome = outcome === 'allow' || outcome === 'self' ? outcome : (Number(outcome) as 401 | 403 | 404);
    for (const r of roles) {
      if (out[r] !== undefined) throw new Error(`role ${r} listed twice`);
      out[r] = o;
    }
  }
  return out;
}

/** Tribe A's leaders and moderators. */
export const MODS = ['leader', 'moderator'] as const;
/** Tribe A's active members. */
export const ACTIVE = ['leader', 'moderator', 'member'] as const;
/** Signed in, not in tribe A (or not yet, or no longer active): pending, another tribe's leader, an outsider. */
export const STRANGERS = ['pending', 'otherLeader', 'outsider'] as const;
/** Everyone but tribe A's active members and anonymous. */
export const NOT_ACTIVE = ['banned', ...STRANGERS] as const;

/** Every role allowed (a public read). */
export const everyone = (o: Outcome = 'allow') => by({ [o]: [...ROLES] });
/** Every signed-in role allowed on its own account; anonymous 401. */
export const selfOnly = () => by({ self: SIGNED_IN, 401: ['anonymous'] });
/** Every signed-in role allowed; anonymous 401. */
export const signedIn = () => by({ allow: SIGNED_IN, 401: ['anonymous'] });
