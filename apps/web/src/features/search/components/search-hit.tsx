import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Avatar from '@mui/material/Avatar';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { SearchHit as Hit } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { RouterLocaleLink } from '../../../components/locale-link';
import { formatPostTime } from '../../../lib/post-time';
import { hitLink } from '../hit-link';
import { HighlightedText } from './highlighted-text';

/** A post's or tribe's time as the feed says it ("3 h"); an event's start as a date and time. */
function whenOf(kind: Hit['kind'], at: string, locale: string) {
  if (kind !== 'events') return formatPostTime(at, locale);
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(at));
  return { short: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), full };
}

/** One result: its picture, its title and snippet with the query's words marked, where and when. */
export function SearchHit({ hit, query, onOpen }: { hit: Hit; query: string; onOpen(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = hit.at && hit.kind !== 'people' ? whenOf(hit.kind, hit.at, locale) : null;
  const Fallback = hit.kind === 'events' ? EventOutlinedIcon : hit.kind === 'tribes' ? GroupsOutlinedIcon : null;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLocaleLink}
        to={hitLink(hit)}
        onClick={onOpen}
        alignItems="flex-start"
        data-testid="search-hit"
        data-kind={hit.kind}
      >
        <ListItemAvatar>
          <Avatar
            src={hit.image_url ?? undefined}
            alt=""
            variant={hit.kind === 'people' || hit.kind === 'posts' ? 'circular' : 'rounded'}
          >
            {Fallback ? <Fallback aria-hidden /> : hit.title.slice(0, 1).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={
            <bdi>
              <HighlightedText text={hit.title} query={query} />
            </bdi>
          }
          secondary={
            <>
              {hit.snippet && (
                <span dir="auto" style={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="search-snippet">
                  <HighlightedText text={hit.snippet} query={query} />
                </span>
              )}
              {(hit.tribe || when) && (
                <span style={{ display: 'block' }}>
                  {hit.tribe && hit.kind !== 'tribes' && <bdi>{t('search.inTribe', { tribe: hit.tribe.name })}</bdi>}
                  {hit.tribe && hit.kind !== 'tribes' && when && ' · '}
                  {when && (
                    <time dateTime={hit.at ?? undefined} title={when.full}>
                      {when.short}
                    </time>
                  )}
                </span>
              )}
            </>
          }
          slotProps={{ secondary: { component: 'span' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
