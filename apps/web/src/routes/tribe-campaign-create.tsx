import { ComingSoon } from '../components/coming-soon';

/** Page of creating a campaign: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeCampaignCreatePage() {
  return <ComingSoon titleKey="pages.campaignCreate" />;
}
