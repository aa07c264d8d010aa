import { useMemo } from 'react';
import { useMapTribes, useMapVillages } from './api';

/** /map: every tribe (from the base64 list, kept in localStorage) and every approved village. */
export function useMapPage() {
  const tribes = useMapTribes();
  const villages = useMapVillages();
  const sorted = useMemo(() => [...(tribes.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [tribes.data]);
  return {
    tribes: tribes.data ?? [],
    villages: villages.data ?? [],
    sorted,
    loading: tribes.isPending || villages.isPending,
  };
}
