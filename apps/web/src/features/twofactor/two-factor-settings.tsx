import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@tribes/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LocaleLink } from '../../components/locale-link';
import { TextField } from '../../components/inputs/text-field';
import { fieldErrorsTo } from '../../lib/field-errors';
import { fieldProps } from '../../lib/form-field';
import { useConfirmTotp, useDisableTotp, useEnrolTotp, useRenewRecoveryCodes, useTwoFactorStatus } from './api';
import { useCodeForm } from './use-two-factor-step';

/** The Base32 key in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const sectionTitle = { fontSize: '1.15rem', fontWeight: 700 } as const;

/** Copies text; false when the browser refuses (no clipboard permission, insecure context). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The 6-digit code field of the settings forms. */
function CodeField({ form, label }: { form: ReturnType<typeof useCodeForm>['form']; label: string }) {
  return (
    <TextField
      {...fieldProps(form, 'code')}
      label={label}
      autoComplete="one-time-code"
      required
      htmlInput={{ inputMode: 'numeric', maxLength: 6, dir: 'ltr', style: { letterSpacing: '0.3em' } }}
    />
  );
}

/** Ten codes shown once after confirming: copy, download, done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('twoFactor.settings.downloadName');
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="codes-title">
      <Stack spacing={2}>
        <Typography id="codes-title" variant="h2" sx={sectionTitle}>
          {t('twoFactor.settings.codesTitle')}
        </Typography>
        <Alert severity="warning">{t('twoFactor.settings.codesHelp')}</Alert>
        <Box
          component="ol"
          dir="ltr"
          data-testid="recovery-codes"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 0.5,
            m: 0,
            ps: 4,
          }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy(text).then(setCopied)}>
            {t('twoFactor.settings.copy')}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
            {t('twoFactor.settings.download')}
          </Button>
          <Typography role="status" color="success.main" variant="body2">
            {copied ? t('twoFactor.settings.copied') : ''}
          </Typography>
        </Stack>
        <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }} data-testid="recovery-done">
          {t('twoFactor.settings.done')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Enrolment: the key (grouped, copyable), the otpauth:// link, then a first code to turn it on. */
function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel(): void;
  onConfirmed(codes: string[]): void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const { form } = useCodeForm();
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const data = await confirm
      .mutateAsync({ body: { code: code.trim() }, onFieldErrors: fieldErrorsTo(form.setError, ['code']) })
      .catch(() => undefined);
    if (data) onConfirmed(data.recovery_codes);
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="enrol-title">
      <Stack spacing={2}>
        <Typography id="enrol-title" variant="h2" sx={sectionTitle}>
          {t('twoFactor.settings.scanTitle')}
        </Typography>
        <Typography color="text.secondary">{t('twoFactor.settings.scanHelp')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography
            component="code"
            dir="ltr"
            aria-label={t('twoFactor.settings.secret')}
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: '0.05em', overflowWrap: 'anywhere' }}
          >
            {grouped(enrolment.secret)}
          </Typography>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(enrolment.secret)}>
            {t('twoFactor.settings.copySecret')}
          </Button>
        </Stack>
        <Link href={enrolment.otpauth_url} sx={{ alignSelf: 'flex-start' }}>
          {t('twoFactor.settings.openLink')}
        </Link>
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-labelledby="confirm-title">
          <Typography id="confirm-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            {t('twoFactor.settings.confirmTitle')}
          </Typography>
          <CodeField form={form} label={t('twoFactor.step.code')} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={confirm.isPending} data-testid="totp-confirm">
              {confirm.isPending ? t('common.pleaseWait') : t('twoFactor.settings.confirm')}
            </Button>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * How many passkeys can answer the second step instead of a code (GET /v1/me/2fa `passkeys`; they serve once
 * TOTP is on), with the way to /setting/passkeys to add or manage them.
 */
function PasskeysAsSecondFactor({ count, totpOn }: { count: number; totpOn: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} data-testid="passkeys-second-factor">
      <Typography color="text.secondary">
        {t(totpOn ? 'twoFactor.settings.passkeys' : 'twoFactor.settings.passkeysOff', { count })}
      </Typography>
      {count === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('twoFactor.settings.passkeysNone')}
        </Typography>
      )}
      <LocaleLink to="/setting/passkeys" sx={{ alignSelf: 'flex-start' }} data-testid="passkeys-link">
        {t('twoFactor.settings.passkeysLink')}
      </LocaleLink>
    </Stack>
  );
}

/** Settings → two-factor authentication: status, enrolment, recovery codes once, turning it off after a confirmation. */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const enrol = useEnrolTotp();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const renew = useRenewRecoveryCodes();
  const off = useCodeForm();

  const start = async () => {
    const data = await enrol.mutateAsync().catch(() => undefined);
    if (data) setEnrolment(data);
  };
  const closeDialog = () => {
    setAsking(false);
    off.reset();
  };
  const turnOff = off.form.handleSubmit(async (values) => {
    const body = off.recovery ? { recovery_code: values.recovery_code.trim() } : { code: values.code.trim() };
    const done = await disable
      .mutateAsync({ body, onFieldErrors: fieldErrorsTo(off.form.setError, ['code', 'recovery_code']) })
      .catch(() => undefined);
    if (done) closeDialog();
  });

  const renewCodes = async () => {
    const data = await renew.mutateAsync().catch(() => undefined);
    setRenewing(false);
    if (data) setCodes(data.recovery_codes);
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (enrolment) {
    return (
      <Enrolment
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={(list) => {
          setEnrolment(null);
          setCodes(list);
        }}
      />
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="totp-title">
      <Stack spacing={2}>
        <Typography id="totp-title" variant="h2" sx={sectionTitle}>
          {t('twoFactor.title')}
        </Typography>
        <Typography color="text.secondary">{t('twoFactor.settings.intro')}</Typography>
        {status.isPending ? (
          <Box role="status" aria-label={t('twoFactor.settings.loading')}>
            <Skeleton variant="rounded" height={40} width={220} />
          </Box>
        ) : status.data ? (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>{t('twoFactor.settings.status')}</Typography>
              <Chip
                data-testid="totp-status"
                color={status.data.totp_enabled ? 'success' : 'default'}
                label={status.data.totp_enabled ? t('twoFactor.settings.on') : t('twoFactor.settings.off')}
              />
            </Stack>
            <PasskeysAsSecondFactor count={status.data.passkeys} totpOn={status.data.totp_enabled} />
            {status.data.totp_enabled ? (
              <>
                <Typography color="text.secondary">
                  {t('twoFactor.settings.codesLeft', { count: status.data.recovery_codes_left })}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button variant="outlined" onClick={() => setRenewing(true)} data-testid="recovery-renew">
                    {t('twoFactor.settings.renew')}
                  </Button>
                  <Button variant="outlined" color="error" onClick={() => setAsking(true)} data-testid="totp-disable">
                    {t('twoFactor.settings.disable')}
                  </Button>
                </Stack>
              </>
            ) : (
              <Button
                variant="contained"
                onClick={() => void start()}
                disabled={enrol.isPending}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="totp-start"
              >
                {enrol.isPending ? t('common.pleaseWait') : t('twoFactor.settings.start')}
              </Button>
            )}
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={renewing}
        title={t('twoFactor.settings.renewTitle')}
        body={t('twoFactor.settings.renewBody')}
        confirmLabel={t('twoFactor.settings.renew')}
        onConfirm={() => void renewCodes()}
        onClose={() => setRenewing(false)}
        pending={renew.isPending}
      />
      <ConfirmDialog
        open={asking}
        title={t('twoFactor.settings.disableTitle')}
        body={t('twoFactor.settings.disableBody')}
        confirmLabel={t('twoFactor.settings.disable')}
        onConfirm={() => void turnOff()}
        onClose={closeDialog}
        pending={disable.isPending}
      >
        <Stack component="form" noValidate spacing={1} sx={{ mt: 2 }} onSubmit={turnOff}>
          {off.recovery ? (
            <TextField
              {...fieldProps(off.form, 'recovery_code')}
              label={t('twoFactor.step.recovery')}
              autoComplete="off"
              required
              htmlInput={{ dir: 'ltr', autoCapitalize: 'none', spellCheck: false, maxLength: 40 }}
            />
          ) : (
            <CodeField form={off.form} label={t('twoFactor.step.code')} />
          )}
          <Button size="small" onClick={off.toggle} sx={{ alignSelf: 'flex-start' }}>
            {off.recovery ? t('twoFactor.step.useApp') : t('twoFactor.step.useRecovery')}
          </Button>
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
