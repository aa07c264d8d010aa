import { ComingSoon } from '../components/coming-soon';

/** Page of the campaigns of a tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeCampaignPage() {
  return <ComingSoon titleKey="pages.campaigns" />;
}
