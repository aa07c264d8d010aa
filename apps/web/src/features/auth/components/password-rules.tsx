import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type PasswordPolicy } from '@tribes/shared';
import { translate } from '../../../lib/server-messages';
import { useLocale } from '../../../app/locale-hooks';
import { policyRules } from '../../../lib/password-policy';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * The password policy as a live checklist under the field; the field's broken rule is said here
 * (see besideRules), so `invalid` marks the unmet lines as errors.
 */
export function PasswordRules({
  policy,
  password,
  id,
  invalid = false,
  loading = false,
}: {
  policy: PasswordPolicy | undefined;
  password: string;
  id: string;
  invalid?: boolean;
  /** The policy is on its way: one line is held for it, so the fields below do not move when it comes. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!policy && loading)
    return (
      <Typography variant="body2" aria-hidden data-testid="password-rules-loading">
        <Skeleton width="60%" />
      </Typography>
    );
  if (!policy || policy.enforcement === 'OFF') return null;
  return (
    <Box
      id={id}
      component="ul"
      aria-label={t('form.passwordRules')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      {policyRules(policy)
        // The upper bound is only worth showing once it is crossed.
        .filter((rule) => rule.key !== 'validation.string_max' || !rule.test(password))
        .map((rule) => {
          const ok = rule.test(password);
          return (
            <Typography
              key={rule.key}
              component="li"
              variant="body2"
              color={ok ? 'success.main' : invalid ? 'error.main' : 'text.secondary'}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              {ok ? <CheckCircleIcon fontSize="small" aria-hidden /> : <RadioButtonUncheckedIcon fontSize="small" aria-hidden />}
              <span>{translate(locale, rule.key, rule.params)}</span>
              <Box component="span" sx={visuallyHidden}>
                {ok ? t('form.ruleMet') : t('form.ruleNotMet')}
              </Box>
            </Typography>
          );
        })}
    </Box>
  );
}
