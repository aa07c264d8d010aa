import type { DataExportSection } from '@tribes/shared';

/**
 * The port every module that holds member data implements: "what of this user's data do you hold?"
 * (DESIGN 11.2, GDPR art. 15/20). The exports module knows no other module: the composition hands it
 * one source per module (users: profile; posts: posts and comments; wallet: donations and ledger
 * lines; learning: progress), each built in its own module from its own repo and exported through
 * its index.
 *
 * Adding a module that holds member data (messages, events, ...): write its `collect` in the module
 * (a `personal-data.repo.ts` beside its repo), export its factory from the module's `index.ts`, and
 * add it to the `sources` list in `composition.ts`. Its section is already in the ZIP as an empty
 * array (`DATA_EXPORT_SECTIONS` in packages/shared), so the format does not change when it comes.
 */
export interface PersonalDataSource {
  collect(userId: string): Promise<PersonalDataPart>;
}

/** One module's share of an export: JSON-ready records by section, and the storage keys of the member's files. */
export interface PersonalDataPart {
  /** `profile` is one object; every other section an array (two sources filling one are joined). */
  sections: Partial<Record<DataExportSection, unknown>>;
  /** Storage keys (public or private) of the member's own files: each lands in the ZIP at `media/<key>`. */
  media?: string[];
}
