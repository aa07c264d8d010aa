import { ComingSoon } from '../components/coming-soon';

/** Page of donating to a campaign: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeCampaignDonatePage() {
  return <ComingSoon titleKey="pages.campaignDonate" />;
}
