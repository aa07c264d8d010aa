import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../components/locale-link';
import { useTribeCampaigns } from '../../features/money/api';
import { useTribePosts } from '../../features/posts/api';
import { setupItems, setupShows } from '../../features/tribe-home/setup-steps';
import { useDismissed } from '../../features/tribe-home/use-dismissed';

/**
 * A new leader's setup checklist (cover, logo, description, first post, invite, first campaign) that
 * ticks itself from what the tribe shows. Gone once every step is done, or when the leader closes it; it waits for
 * its facts when only they could show an undone step (`setupShows`).
 */
export function SetupChecklist({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useDismissed(`setup.${tribe.id}`);
  const posts = useTribePosts(tribe.id);
  const campaigns = useTribeCampaigns(tribe.slug);
  const firstPage = <T,>(q: { data?: { pages: { items: T[] }[] }; isSuccess: boolean }) =>
    q.isSuccess ? (q.data?.pages[0]?.items.length ?? 0) > 0 : null;
  const facts = { tribe, hasPost: firstPage(posts), hasCampaign: firstPage(campaigns) };
  if (dismissed || !setupShows(facts)) return null;
  const items = setupItems(facts);
  const done = items.filter((i) => i.done).length;
  const headingId = `setup-${tribe.id}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid="setup-checklist" sx={{ p: 2 }}>
      <Stack direction="row" alignItems="flex-start" spacing={1}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {t('tribeHome.setup.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tribeHome.setup.progress', { done, total: items.length })}
          </Typography>
        </Box>
        <IconButton aria-label={t('tribeHome.setup.close')} onClick={dismiss} size="small" data-testid="setup-close">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={(done / items.length) * 100}
        aria-label={t('tribeHome.setup.progress', { done, total: items.length })}
        sx={{ my: 1.5, height: 6, borderRadius: 3 }}
      />
      <List dense disablePadding>
        {items.map((item) => (
          <ListItem key={item.step} disablePadding>
            <ListItemButton
              component={RouterLocaleLink}
              to={item.to}
              data-testid={`setup-${item.step}`}
              data-done={item.done}
              sx={{ borderRadius: 1, minHeight: 44 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {item.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('tribeHome.setup.done')} />
                ) : (
                  <RadioButtonUncheckedIcon color="action" titleAccess={t('tribeHome.setup.todo')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(`tribeHome.setup.steps.${item.step}`)}
                slotProps={{ primary: { sx: item.done ? { textDecoration: 'line-through', color: 'text.secondary' } : {} } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
