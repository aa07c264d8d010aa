import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { numberFormat } from '../../../lib/intl';
import { useAdminStats } from '../api';
import { ActivityCharts } from './activity-charts';
import { AdminError } from './admin-error';

const FIGURES: { key: string; value: (s: AdminStats) => number }[] = [
  { key: 'usersTotal', value: (s) => s.users.total },
  { key: 'usersNew7d', value: (s) => s.users.new_7d },
  { key: 'active1d', value: (s) => s.users.active_1d },
  { key: 'active7d', value: (s) => s.users.active_7d },
  { key: 'active30d', value: (s) => s.users.active_30d },
  { key: 'tribes', value: (s) => s.tribes.total },
  { key: 'posts', value: (s) => s.posts.total },
  { key: 'postsNew7d', value: (s) => s.posts.new_7d },
  { key: 'reportsOpen', value: (s) => s.reports.open },
  { key: 'appealsOpen', value: (s) => s.appeals.open },
  { key: 'jobsFailed', value: (s) => s.jobs.failed },
  { key: 'connections', value: (s) => s.realtime.connections },
];

/** The console's dashboard: the site's figures (GET /v1/admin/stats) as cards, and its last 30 days as charts. */
export function AdminDashboard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = useAdminStats();
  if (stats.isError) return <AdminError error={stats.error} onRetry={() => void stats.refetch()} />;
  const format = numberFormat(locale);
  return (
    <>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('admin.nav.dashboard')}>
        {FIGURES.map((f) => (
          <Grid key={f.key} size={{ xs: 6, sm: 4, md: 3 }} component="li">
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`stat-${f.key}`}>
              <Typography variant="body2" color="text.secondary">
                {t(`admin.stats.${f.key}`)}
              </Typography>
              <Typography variant="h5" component="p" fontWeight={700}>
                {stats.data ? format.format(f.value(stats.data)) : <Skeleton width="50%" />}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <ActivityCharts series={stats.data?.series} />
    </>
  );
}
