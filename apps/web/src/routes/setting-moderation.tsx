import { SettingsFrame } from '../features/account/components/settings-frame';
import { MyNotices } from '../features/admin/components/my-notices';

/** /setting/moderation: the notices I got for acts on my content, account or tribes, and my appeals. */
export default function ModerationSettingPage() {
  return (
    <SettingsFrame titleKey="moderation.title">
      <MyNotices />
    </SettingsFrame>
  );
}
