import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { AdminStatsDay } from '@tribes/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { dateTimeFormat, numberFormat } from '../../../lib/intl';

type Measure = 'signups' | 'active' | 'posts' | 'reports';
const MEASURES: Measure[] = ['signups', 'active', 'posts', 'reports'];

const W = 300;
const H = 80;
const BAR_GAP = 0.25;

/** The day's date (YYYY-MM-DD, a UTC date) as "Nov 28" (en), "28 nov." (fr)... in the interface's language. */
function useDayText(): (date: string) => string {
  const format = dateTimeFormat(useLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (date) => format.format(new Date(`${date}T00:00:00Z`));
}

/**
 * One measure over the days as a small SVG bar chart (no chart library). The drawing is hidden from
 * screen readers; its label says the total and the highest day. Time runs left to right in every
 * language, as on the money feature's donations chart: the first and last dates are written under
 * their ends, each in the page's language, so the axis reads the same way in ar and he.
 */
function DayBars({ series, measure }: { series: AdminStatsDay[]; measure: Measure }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const headingId = useId();
  const locale = useLocale();
  const number = numberFormat(locale);
  const dayText = useDayText();
  const values = series.map((d) => d[measure]);
  const total = values.reduce((a, b) => a + b, 0);
  const peak = Math.max(0, ...values);
  const slot = W / Math.max(values.length, 1);
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" fontWeight={700} id={headingId}>
          {t(`admin.charts.${measure}`)}
        </Typography>
        <Typography variant="h6" component="p" data-testid={`chart-total-${measure}`}>
          {number.format(total)}
        </Typography>
      </Box>
      {measure === 'active' && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('admin.charts.activeNote')}
        </Typography>
      )}
      <Box
        role="img"
        aria-label={t(`admin.charts.${measure}Summary`, { total: number.format(total), peak: number.format(peak) })}
        data-testid={`chart-${measure}`}
        sx={{ direction: 'ltr', width: '100%', mt: 1 }}
      >
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          preserveAspectRatio="none"
          aria-hidden="true"
          style={{ display: 'block', height: H }}
        >
          <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} stroke={theme.palette.divider} strokeWidth={1} />
          {series.map((d, i) => {
            const v = d[measure];
            const h = peak > 0 && v > 0 ? Math.max((v / peak) * (H - 4), 2) : 0;
            return (
              <rect
                key={d.date}
                data-value={v}
                x={i * slot + (slot * BAR_GAP) / 2}
                y={H - 1 - h}
                width={slot * (1 - BAR_GAP)}
                height={h}
                fill={theme.palette.primary.main}
              >
                <title>{t('admin.charts.dayValue', { date: dayText(d.date), count: number.format(v) })}</title>
              </rect>
            );
          })}
        </svg>
        {first && last && (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, gap: 1 }}>
            <Typography variant="caption" color="text.secondary" dir="auto">
              {dayText(first.date)}
            </Typography>
            <Typography variant="caption" color="text.secondary" dir="auto">
              {t('admin.charts.peak', { peak: number.format(peak) })}
            </Typography>
            <Typography variant="caption" color="text.secondary" dir="auto">
              {dayText(last.date)}
            </Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** The dashboard's four charts of the last 30 days (GET /v1/admin/stats `series`); skeletons until it comes. */
export function ActivityCharts({ series }: { series: AdminStatsDay[] | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 2 }}>
        {t('admin.charts.title')}
      </Typography>
      <Grid container spacing={2}>
        {MEASURES.map((m) => (
          <Grid key={m} size={{ xs: 12, sm: 6 }}>
            {series ? (
              <DayBars series={series} measure={m} />
            ) : (
              <Paper variant="outlined" sx={{ p: 2 }} data-testid={`chart-loading-${m}`}>
                <Typography variant="subtitle1" component="h3" fontWeight={700}>
                  {t(`admin.charts.${m}`)}
                </Typography>
                <Skeleton variant="rectangular" height={H} sx={{ mt: 1 }} />
              </Paper>
            )}
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
