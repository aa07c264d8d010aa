import { useForm } from 'react-hook-form';
import type { ChangePasswordBody, PasswordPolicy } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { passwordRules } from '../../lib/password-policy';
import { useSession } from '../../lib/session/session-store';
import { useChangePassword, useUpdateProfile, useUploadAvatar } from './api';

const updateMeParser = lazyParser((s) => s.UpdateMeBodySchema);
const changePasswordParser = lazyParser((s) => s.ChangePasswordBodySchema);

interface ProfileFields {
  name: string;
  bio: string;
}

/** /setting/edit-profile: name and bio (PATCH /v1/me) and the photo (POST /v1/me/avatar). */
export function useEditProfile() {
  const locale = useLocale();
  const { userData } = useSession();
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const form = useForm<ProfileFields>({
    resolver: schemaResolver<ProfileFields>(
      {
        safeParse: async (v) => {
          const r = await updateMeParser.safeParse(v);
          return r.success ? { success: true, data: { name: r.data.name ?? '', bio: r.data.bio ?? '' } } : r;
        },
      },
      locale,
    ),
    values: { name: userData?.name ?? '', bio: userData?.bio ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    await update.mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, ['name', 'bio']) }).catch(() => undefined);
  });
  const uploadAvatar = async (file: File) => {
    await upload.mutateAsync({ file, onFieldErrors: () => false }).catch(() => undefined);
  };
  return { form, onSubmit, pending: update.isPending, uploadAvatar, uploading: upload.isPending, user: userData };
}

/** /setting/change-password (POST /v1/me/password); the other sessions are signed out by the server. */
export function useChangePasswordForm(policy: PasswordPolicy | undefined) {
  const locale = useLocale();
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: schemaResolver(changePasswordParser, locale, passwordRules<ChangePasswordBody>(policy)),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const ok = await change
      .mutateAsync({
        body,
        onFieldErrors: fieldErrorsTo(form.setError, ['current_password', 'password', 'password_confirmation']),
      })
      .catch(() => undefined);
    if (ok) form.reset();
  });
  return { form, onSubmit, pending: change.isPending };
}
