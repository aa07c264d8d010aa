// The tribes module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/tribes.ts, which it loads only when a form validates.

export const TRIBE_VISIBILITIES = ['open', 'request'] as const;

export const TRIBE_ROLES = ['leader', 'moderator', 'member'] as const;

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'banned'] as const;

export const VILLAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const TRIBE_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  descriptionMax: 2000,
  regionMax: 120,
  villageNameMax: 80,
  villageDescriptionMax: 1000,
  populationMax: 100_000_000,
} as const;

/** Invite links (DESIGN 10.5). */
export const INVITE_LIMITS = { maxUses: 10_000 } as const;
