import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Post } from '@tribes/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useSession } from '../../../lib/session/session-store';

interface Props {
  post: Post;
  onAction(action: 'edit' | 'delete' | 'report'): void;
  onHide(): void;
}

/** The "more" menu of a post: edit and delete (author; delete for moderators too), hide, report. */
export function PostMenu({ post, onAction, onHide }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const me = useSession().userData?.id;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const own = post.author.id === me;
  // The menu mounts when first opened: closed, it was a Menu, a Popover and a Modal rendered on every card.
  const mounted = useOpenedOnce(Boolean(anchor));
  const pick = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  return (
    <>
      <IconButton
        aria-label={t('posts.card.more')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="post-menu"
        sx={{ mt: -0.5 }}
      >
        <MoreVertIcon />
      </IconButton>
      {mounted && (
        <Menu id={`${id}-menu`} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {post.can_edit && (
            <MenuItem onClick={pick(() => onAction('edit'))} data-testid="post-edit">
              <ListItemIcon>
                <EditOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('posts.card.edit')}</ListItemText>
            </MenuItem>
          )}
          {post.can_delete && (
            <MenuItem onClick={pick(() => onAction('delete'))} data-testid="post-delete">
              <ListItemIcon>
                <DeleteOutlineIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('posts.card.delete')}</ListItemText>
            </MenuItem>
          )}
          {!own && (
            <MenuItem onClick={pick(onHide)} data-testid="post-hide">
              <ListItemIcon>
                {post.hidden ? <VisibilityOutlinedIcon fontSize="small" /> : <VisibilityOffOutlinedIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText>{post.hidden ? t('posts.card.unhide') : t('posts.card.hide')}</ListItemText>
            </MenuItem>
          )}
          {!own && (
            <MenuItem onClick={pick(() => onAction('report'))} data-testid="post-report">
              <ListItemIcon>
                <FlagOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('posts.card.report')}</ListItemText>
            </MenuItem>
          )}
        </Menu>
      )}
    </>
  );
}
