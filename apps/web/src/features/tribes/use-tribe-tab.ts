import { useSearchParams } from 'react-router';

export const TRIBE_TABS = ['about', 'members', 'villages', 'posts', 'events', 'campaigns', 'treasury', 'courses'] as const;
export type TribeTab = (typeof TRIBE_TABS)[number];

const isTab = (v: string | null): v is TribeTab => (TRIBE_TABS as readonly (string | null)[]).includes(v);

/** The open tab of a tribe page, kept in ?tab= so it can be linked and survives a reload. */
export function useTribeTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TribeTab = isTab(raw) ? raw : 'about';
  const setTab = (next: TribeTab) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'about') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return { tab, setTab };
}
