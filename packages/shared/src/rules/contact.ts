// The contact module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/contact.ts, which it loads only when a form validates.

/** Bounds of the contact and feedback forms. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  subjectMax: 150,
  messageMax: 5000,
  pageMax: 300,
  ratingMin: 1,
  ratingMax: 5,
} as const;
