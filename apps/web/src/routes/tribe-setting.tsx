import { ComingSoon } from '../components/coming-soon';

/** Page of the settings of a tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeSettingPage() {
  return <ComingSoon titleKey="pages.tribeSetting" />;
}
