import { EXPENSE_LIMITS, type CreateExpenseBody } from '@tribes/shared';
import { useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import { lazyParser, requiredWhenEmpty, schemaResolver } from '../../lib/form-resolver';
import { useProposeExpense } from './api';

/** What the form holds: the body's fields as typed, the fund as 'tribe' or a campaign's id. */
export interface ProposalFields {
  title: string;
  amount: number | null;
  payee: string;
  description: string;
  fund: string;
  receipts?: never;
}

const EMPTY: ProposalFields = { title: '', amount: null, payee: '', description: '', fund: 'tribe' };
/** Photos the server decodes, or PDF (it checks the content; this spares a useless upload). */
const RECEIPT_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|application\/pdf)$/;
const parser = requiredWhenEmpty(lazyParser((s) => s.CreateExpenseBodySchema));

const toBody = (v: ProposalFields) => ({
  title: v.title,
  amount: v.amount,
  payee: v.payee,
  description: v.description,
  ...(v.fund === 'tribe' ? {} : { source: { type: 'campaign', id: v.fund } }),
});

/**
 * The proposal form: react-hook-form with the shared schema, receipts checked when picked (type, size,
 * count), one Idempotency-Key per proposal (a retried send after a lost answer stays one expense),
 * and the server's field errors on their fields.
 */
export function useProposeExpenseForm(tribeRef: string, onDone: () => void) {
  const { t } = useTranslation();
  const locale = useLocale();
  const propose = useProposeExpense(tribeRef);
  const key = useRef(crypto.randomUUID());
  const [receipts, setReceipts] = useState<File[]>([]);
  const form = useForm<ProposalFields, unknown, CreateExpenseBody>({
    defaultValues: EMPTY,
    resolver: schemaResolver<ProposalFields, CreateExpenseBody>(
      { safeParse: (values) => parser.safeParse(toBody(values as ProposalFields)) },
      locale,
    ),
  });

  const addReceipts = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    const wrong = picked.find((f) => !RECEIPT_TYPES.test(f.type));
    const big = picked.find((f) => f.size > EXPENSE_LIMITS.receiptMaxBytes);
    const next = [...receipts, ...picked];
    if (wrong)
      return form.setError('receipts', { type: 'pick', message: t('treasury.propose.receiptType', { name: wrong.name }) });
    if (big)
      return form.setError('receipts', {
        type: 'pick',
        message: t('treasury.propose.receiptTooBig', { name: big.name, max: EXPENSE_LIMITS.receiptMaxBytes / 1024 / 1024 }),
      });
    if (next.length > EXPENSE_LIMITS.receiptsMax)
      return form.setError('receipts', {
        type: 'pick',
        message: t('treasury.propose.tooManyReceipts', { max: EXPENSE_LIMITS.receiptsMax }),
      });
    form.clearErrors('receipts');
    setReceipts(next);
  };

  const handleSubmit = form.handleSubmit((body) =>
    propose.mutate(
      {
        body,
        receipts,
        key: key.current,
        onFieldErrors: (errors) => {
          for (const [field, messages] of Object.entries(errors)) {
            const name = (field === 'source' || field.startsWith('source.') ? 'fund' : field) as Path<ProposalFields>;
            form.setError(name, { type: 'server', message: messages.join(' ') });
          }
          return true;
        },
      },
      {
        onSuccess: () => {
          key.current = crypto.randomUUID();
          form.reset(EMPTY);
          setReceipts([]);
          onDone();
        },
      },
    ),
  );

  return {
    form,
    receipts,
    addReceipts,
    removeReceipt: (i: number) => setReceipts((list) => list.filter((_, j) => j !== i)),
    handleSubmit,
    pending: propose.isPending,
  };
}
