import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function HiddenPostsPage() {
  return (
    <SettingsFrame titleKey="pages.hiddenPosts">
      <ComingSoon titleKey="pages.hiddenPosts" embedded />
    </SettingsFrame>
  );
}
