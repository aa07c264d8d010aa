import { useSearchParams } from 'react-router';
import { useMyTribes } from '../../lib/session/use-my-tribes';
import { usePrimaryTribe } from '../../lib/session/use-primary-tribe';
import { useTribe } from '../../lib/use-tribe';
import { useCampaign, useTribeCampaigns } from './api';
import type { PickerState } from './components/donation-target-picker';
import type { DonationTarget } from './use-donate-form';

/**
 * /donate's choice, kept in ?tribe=&campaign= (linkable): one of my tribes (the primary one first), then a campaign or the tribe.
 * A link to a campaign of a tribe I have not joined adds that tribe to the choices, so the link never
 * silently turns into a gift to another target.
 */
export function useDonateTarget() {
  const [params, setParams] = useSearchParams();
  const tribes = useMyTribes();
  const primary = usePrimaryTribe();
  const mine = tribes.data ?? [];
  const wantedCampaign = params.get('campaign') ?? undefined;
  const linked = useCampaign(wantedCampaign);
  const outside = linked.data && !mine.some((x) => x.id === linked.data.tribe_id) ? linked.data.tribe_id : null;
  const linkedTribe = useTribe(outside);
  const list = linkedTribe.data ? [linkedTribe.data, ...mine] : mine;
  const wanted = params.get('tribe') ?? linked.data?.tribe_id ?? null;
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
    campaignsLoading: Boolean(tribe) && campaigns.isPending,
    campaignId: campaign?.id ?? '',
    onCampaign: (id) => set({ campaign: id }),
  };
  const target: DonationTarget | null = campaign
    ? { type: 'campaign', id: campaign.id, name: campaign.title }
    : tribe
      ? { type: 'tribe', id: tribe.id, name: tribe.name }
      : null;
  const loading =
    tribes.isPending || (Boolean(wantedCampaign) && linked.isPending) || (Boolean(outside) && linkedTribe.isPending);
  return { loading, empty: !loading && list.length === 0, picker, target };
}
