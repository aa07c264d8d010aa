import { ComingSoon } from '../components/coming-soon';

/** Page of the leader settings of a tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeSettingLeaderPage() {
  return <ComingSoon titleKey="pages.tribeSettingLeader" />;
}
