import SearchIcon from '@mui/icons-material/Search';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Avatar from '@mui/material/Avatar';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { TextField } from '../components/inputs/text-field';
import { PageFrame } from '../components/page-frame';
import { PostList } from '../features/posts/components/post-list';
import { useExplorePage } from '../features/posts/use-explore-page';
import { DiscoverTribesCard } from './tribe-home/home-aside';

const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;

/** /explore: search posts, tribes and people; without a search, public posts ranked by recent engagement. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const page = useExplorePage();
  return (
    <PageFrame title={t('pages.explore')} asideLabel={t('tribeHome.home.exploreLabel')} aside={<DiscoverTribesCard />}>
      <form role="search" onSubmit={(e) => e.preventDefault()} aria-label={t('posts.explore.search')}>
        <TextField
          id="explore-search"
          label={t('posts.explore.search')}
          value={page.query}
          onChange={(e) => page.setQuery(e.target.value)}
          type="search"
          helperText={t('posts.explore.help')}
          endAdornment={
            <InputAdornment position="end">
              <SearchIcon aria-hidden />
            </InputAdornment>
          }
          htmlInput={{ dir: 'auto', maxLength: 100, 'data-testid': 'explore-search' }}
        />
      </form>
      {page.q && page.tribes.length > 0 && (
        <section aria-labelledby="explore-tribes">
          <Typography variant="h2" id="explore-tribes" sx={{ ...h2, mb: 1 }}>
            {t('posts.explore.tribes')}
          </Typography>
          <Paper variant="outlined">
            <List>
              {page.tribes.map((tr) => (
                <ListItem key={tr.id} disablePadding>
                  <ListItemButton component={RouterLocaleLink} to={`/tribes/${encodeURIComponent(tr.slug)}`}>
                    <ListItemAvatar>
                      <Avatar src={tr.cover_url ?? undefined} alt="" variant="rounded">
                        {tr.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText primary={<bdi>{tr.name}</bdi>} secondary={<bdi>{tr.region}</bdi>} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </section>
      )}
      {page.q && page.people.length > 0 && (
        <section aria-labelledby="explore-people">
          <Typography variant="h2" id="explore-people" sx={{ ...h2, mb: 1 }}>
            {t('posts.explore.people')}
          </Typography>
          <Paper variant="outlined">
            <List>
              {page.people.map((p) => (
                <ListItem key={p.id} disablePadding>
                  <ListItemButton component={RouterLocaleLink} to={`/user-profile/${p.id}`} data-testid="explore-person">
                    <ListItemAvatar>
                      <Avatar src={p.avatar_url ?? undefined} alt="">
                        {p.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText primary={<bdi>{p.name}</bdi>} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </section>
      )}
      <Typography variant="h2" sx={h2}>
        {page.q ? t('posts.explore.postsFor', { q: page.q }) : t('posts.explore.trending')}
      </Typography>
      <PostList
        query={page.explore}
        label={page.q ? t('posts.explore.postsFor', { q: page.q }) : t('posts.explore.trending')}
        emptyIcon={page.q ? SearchIcon : TrendingUpIcon}
        emptyTitle={page.q ? t('posts.explore.noResults', { q: page.q }) : t('posts.explore.empty')}
      />
    </PageFrame>
  );
}
