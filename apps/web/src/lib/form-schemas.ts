/**
 * The shared zod schemas the forms validate with, imported only through `loadFormSchemas()`
 * (lib/form-resolver.ts): they and zod make a chunk of their own, built when a form first
 * validates. A static import of one of them from the app would bring zod back into every page.
 */
/* eslint-disable no-restricted-syntax -- the one module that imports them */
import {
  CreatePledgeBodySchema,
  ExpenseDecisionBodySchema,
  OtpCodeSchema,
  PayExpenseBodySchema,
  RecoveryCodeSchema,
  RefundBodySchema,
} from '@tribes/shared';
import { z } from 'zod';

export {
  CampaignUpdateBodySchema,
  ChangePasswordBodySchema,
  CommentBodySchema,
  ContactBodySchema,
  CreateAssessmentBodySchema,
  CreateCampaignBodySchema,
  CreateCourseBodySchema,
  CreateEventBodySchema,
  CreateExpenseBodySchema,
  CreateLessonBodySchema,
  CreatePostFieldsSchema,
  CreateTribeBodySchema,
  CreateVillageBodySchema,
  DeleteMeBodySchema,
  DonationBodySchema,
  EditPostTextSchema,
  FeedbackBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OtpVerifyBodySchema,
  PurchaseBodySchema,
  RegisterBodySchema,
  ReportBodySchema,
  ResetPasswordBodySchema,
  UpdateMeBodySchema,
  UpdateTribeBodySchema,
} from '@tribes/shared';

/** The sign-in's second step: the authenticator app's code, or (toggled) a recovery code. */
export const AppCodeFieldsSchema = z.object({ code: OtpCodeSchema });
export const RecoveryCodeFieldsSchema = z.object({ recovery_code: RecoveryCodeSchema });

/** A monthly gift's own fields; the target comes from the page. */
export const PledgeFieldsSchema = CreatePledgeBodySchema.pick({ amount: true, day_of_month: true });
/** A leader's money dialogs: their body, and the authenticator code the server may ask for (checked by the server). */
const stepUpCode = { code: z.string() };
export const RefundFieldsSchema = RefundBodySchema.extend(stepUpCode);
export const ExpenseDecisionFieldsSchema = ExpenseDecisionBodySchema.extend(stepUpCode);
export const PayExpenseFieldsSchema = PayExpenseBodySchema.extend(stepUpCode);
