import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { CampaignDay } from '@tribes/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../../lib/money-format';

const W = 600;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 12 };

/** The running total of the daily amounts, oldest first: [{ day, total }] (days are UTC dates, YYYY-MM-DD). */
export function cumulativeByDay(days: CampaignDay[]): { day: Date; total: number }[] {
  let total = 0;
  return [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, amount }) => {
      total += amount;
      return { day: new Date(`${date}T00:00:00Z`), total };
    });
}

/**
 * A small SVG area chart of the tokens raised over time (no chart library). The drawing is
 * decorative for screen readers: its label states the total, and the donors list has the details.
 */
export function DonationsChart({ days, goal }: { days: CampaignDay[]; goal: number }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const theme = useTheme();
  const gradient = useId();
  const points = useMemo(() => cumulativeByDay(days), [days]);
  if (points.length === 0)
    return (
      <Typography color="text.secondary" data-testid="chart-empty">
        {t('money.detail.chartEmpty')}
      </Typography>
    );
  const total = points[points.length - 1]!.total;
  const top = Math.max(goal, total, 1);
  const first = points[0]!.day.getTime();
  const last = points[points.length - 1]!.day.getTime();
  const span = Math.max(last - first, 1);
  const x = (d: Date) => (points.length === 1 ? W / 2 : PAD.left + ((d.getTime() - first) / span) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.day).toFixed(1)},${y(p.total).toFixed(1)}`).join(' ');
  const base = y(0);
  const area = `${line} L${x(points[points.length - 1]!.day).toFixed(1)},${base} L${x(points[0]!.day).toFixed(1)},${base} Z`;
  const primary = theme.palette.primary.main;
  return (
    <Box
      role="img"
      aria-label={t('money.detail.chartLabel', { total: f.tokens(total), goal: f.tokens(goal) })}
      data-testid="donations-chart"
      // The time axis runs left to right in every language, as numbers do.
      sx={{ direction: 'ltr', width: '100%' }}
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        preserveAspectRatio="none"
        aria-hidden="true"
        style={{ display: 'block', height: 200 }}
      >
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={primary} stopOpacity={0.35} />
            <stop offset="100%" stopColor={primary} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(goal)}
          y2={y(goal)}
          stroke={theme.palette.text.secondary}
          strokeDasharray="6 4"
          strokeWidth={1}
        />
        <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} stroke={theme.palette.divider} strokeWidth={1} />
        {points.length > 1 && <path d={area} fill={`url(#${gradient})`} />}
        {points.length > 1 && <path d={line} fill="none" stroke={primary} strokeWidth={2.5} vectorEffect="non-scaling-stroke" />}
        {points.map((p) => (
          <circle key={p.day.getTime()} cx={x(p.day)} cy={y(p.total)} r={4} fill={primary} />
        ))}
      </svg>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {f.shortDate(points[0]!.day)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('money.detail.goalLine', { goal: f.tokens(goal) })}
        </Typography>
        {points.length > 1 && (
          <Typography variant="caption" color="text.secondary">
            {f.shortDate(points[points.length - 1]!.day)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
