/**
 * The shared zod schemas the forms validate with, imported only through `loadFormSchemas()`
 * (lib/form-resolver.ts): they and zod make a chunk of their own, built when a form first
 * validates. A static import of one of them from the app would bring zod back into every page.
 */
/* eslint-disable no-restricted-syntax -- the one module that imports them */
import { OtpCodeSchema, RecoveryCodeSchema } from '@tribes/shared';
import { z } from 'zod';

export {
  ChangePasswordBodySchema,
  CommentBodySchema,
  ContactBodySchema,
  CreateAssessmentBodySchema,
  CreateCampaignBodySchema,
  CreateCourseBodySchema,
  CreateExpenseBodySchema,
  CreateLessonBodySchema,
  CreatePostFieldsSchema,
  CreateTribeBodySchema,
  CreateVillageBodySchema,
  DeleteMeBodySchema,
  DonationBodySchema,
  FeedbackBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OtpVerifyBodySchema,
  PurchaseBodySchema,
  RegisterBodySchema,
  ReportBodySchema,
  ResetPasswordBodySchema,
  UpdateMeBodySchema,
  UpdatePostBodySchema,
  UpdateTribeBodySchema,
} from '@tribes/shared';

/** The sign-in's second step: the authenticator app's code, or (toggled) a recovery code. */
export const AppCodeFieldsSchema = z.object({ code: OtpCodeSchema });
export const RecoveryCodeFieldsSchema = z.object({ recovery_code: RecoveryCodeSchema });
