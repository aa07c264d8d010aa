import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function FavouritePostsPage() {
  return (
    <SettingsFrame titleKey="pages.favouritePosts">
      <ComingSoon titleKey="pages.favouritePosts" embedded />
    </SettingsFrame>
  );
}
