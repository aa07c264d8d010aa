import type { Tribe } from '@tribes/shared';

export const SETUP_STEPS = ['cover', 'logo', 'description', 'firstPost', 'invite', 'firstCampaign'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupFacts {
  tribe: Pick<Tribe, 'id' | 'slug' | 'cover_url' | 'logo_url' | 'description' | 'member_count'>;
  /** null while unknown (still loading). */
  hasPost: boolean | null;
  hasCampaign: boolean | null;
}

export interface SetupItem {
  step: SetupStep;
  done: boolean;
  /** Where the leader does it (an app path). */
  to: string;
}

/**
 * A new leader's setup checklist, ticked from what the tribe already has: a cover, a logo, a
 * description, a first post, a first member invited (someone besides the founder has joined) and a
 * first campaign. Nothing is stored: a step is done when the tribe shows it.
 */
export function setupItems({ tribe, hasPost, hasCampaign }: SetupFacts): SetupItem[] {
  const settings = `/tribes/setting/${tribe.slug}`;
  const page = `/tribes/${encodeURIComponent(tribe.slug)}`;
  return [
    { step: 'cover', done: Boolean(tribe.cover_url), to: settings },
    { step: 'logo', done: Boolean(tribe.logo_url), to: settings },
    { step: 'description', done: tribe.description.trim().length >= 20, to: settings },
    { step: 'firstPost', done: hasPost === true, to: `${page}?tab=posts` },
    { step: 'invite', done: tribe.member_count > 1, to: `${page}?tab=members` },
    { step: 'firstCampaign', done: hasCampaign === true, to: `/tribes/campaign/create/${tribe.slug}` },
  ];
}

/**
 * Whether the checklist shows: when a step is known to be undone. A step still loading counts as done here, so a
 * tribe whose known steps are all done shows nothing while its posts and campaigns load, rather than a checklist
 * that vanishes when they answer and moves the page under it (a layout shift on every visit of a set-up tribe).
 */
export function setupShows(facts: SetupFacts): boolean {
  return setupItems({ ...facts, hasPost: facts.hasPost ?? true, hasCampaign: facts.hasCampaign ?? true }).some((i) => !i.done);
}
