import { ComingSoon } from '../components/coming-soon';

/** Page of one campaign: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeCampaignDetailPage() {
  return <ComingSoon titleKey="pages.campaignDetail" />;
}
