import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ContactBody } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useSession } from '../../lib/session/session-store';
import { useSendContact, useSendFeedback } from './api';

const contactParser = lazyParser((s) => s.ContactBodySchema);
const feedbackParser = lazyParser((s) => s.FeedbackBodySchema);

/** The contact form, prefilled for a signed-in user; `sent` once the server accepted it. */
export function useContactForm() {
  const locale = useLocale();
  const { userData } = useSession();
  const send = useSendContact();
  const [sent, setSent] = useState(false);
  const form = useForm<ContactBody>({
    resolver: schemaResolver(contactParser, locale),
    defaultValues: { name: userData?.name ?? '', email: userData?.email ?? '', subject: '', message: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const ok = await send
      .mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, ['name', 'email', 'subject', 'message']) })
      .catch(() => undefined);
    if (ok) {
      setSent(true);
      form.reset({ ...body, subject: '', message: '' });
    }
  });
  return { form, onSubmit, pending: send.isPending, sent, again: () => setSent(false) };
}

interface FeedbackFields {
  rating: number | null;
  message: string;
  email: string;
}

/** The feedback form: a 1-5 rating, a message, an optional email. */
export function useFeedbackForm() {
  const locale = useLocale();
  const { userData } = useSession();
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const toBody = (v: FeedbackFields) => ({
    message: v.message,
    ...(v.rating ? { rating: v.rating } : {}),
    ...(v.email.trim() ? { email: v.email } : {}),
  });
  const schema = { safeParse: (v: unknown) => feedbackParser.safeParse(toBody(v as FeedbackFields)) };
  const form = useForm<FeedbackFields>({
    resolver: schemaResolver<FeedbackFields>(
      {
        safeParse: async (v) => {
          const r = await schema.safeParse(v);
          return r.success ? { success: true, data: v as FeedbackFields } : r;
        },
      },
      locale,
    ),
    defaultValues: { rating: null, message: '', email: userData?.email ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...toBody(values), page: document.referrer ? new URL(document.referrer).pathname.slice(0, 300) : undefined };
    const ok = await send
      .mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, ['rating', 'message', 'email']) })
      .catch(() => undefined);
    if (ok) {
      setSent(true);
      form.reset({ rating: null, message: '', email: values.email });
    }
  });
  return { form, onSubmit, pending: send.isPending, sent, again: () => setSent(false) };
}
