import { useSearchParams } from 'react-router';
import { useMyTribes } from '../posts/use-my-tribes';
import { usePrimaryTribe } from '../tribes/use-primary-tribe';
import { useTribeCampaigns } from './api';
import type { PickerState } from './components/donation-target-picker';
import type { DonationTarget } from './use-donate-form';

/** /donate's choice, kept in ?tribe=&campaign= (linkable): one of my tribes (the primary one first), then a campaign or the tribe. */
export function useDonateTarget() {
  const [params, setParams] = useSearchParams();
  const tribes = useMyTribes();
  const primary = usePrimaryTribe();
  const list = tribes.data ?? [];
  const wanted = params.get('tribe');
  const tribe =
    list.find((x) => x.id === wanted || x.slug === wanted) ?? list.find((x) => x.id === primary || x.slug === primary) ?? list[0];
  const campaigns = useTribeCampaigns(tribe?.id ?? '');
  const all = campaigns.data?.pages.flatMap((p) => p.items) ?? [];
  const campaign = all.find((c) => c.id === params.get('campaign') && c.status === 'active');
  const set = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v) copy.set(k, v);
          else copy.delete(k);
        }
        return copy;
      },
      { replace: true },
    );
  const picker: PickerState = {
    tribes: list,
    tribeId: tribe?.id ?? '',
    onTribe: (id) => set({ tribe: id, campaign: '' }),
    campaigns: all,
    campaignId: campaign?.id ?? '',
    onCampaign: (id) => set({ campaign: id }),
  };
  const target: DonationTarget | null = campaign
    ? { type: 'campaign', id: campaign.id, name: campaign.title }
    : tribe
      ? { type: 'tribe', id: tribe.id, name: tribe.name }
      : null;
  return { loading: tribes.isPending, empty: !tribes.isPending && list.length === 0, picker, target };
}
