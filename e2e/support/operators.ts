/**
 * The run's operators (DESIGN 11.2): the server of the global setup names these addresses in
 * OPERATOR_EMAILS, so an account that signs up and verifies one of them is an operator. One per
 * journey that needs one (an address signs up once per run); no other journey uses them.
 */
export const E2E_OPERATOR_EMAILS = {
  moderationEn: 'operator.moderation.en@example.test',
  moderationAr: 'operator.moderation.ar@example.test',
} as const;
