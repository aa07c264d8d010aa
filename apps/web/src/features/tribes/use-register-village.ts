import { useSearchParams } from 'react-router';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { useTribe } from './api';
import { membershipFlags } from '../../lib/membership';
import { usePrimaryTribe } from '../../lib/session/use-primary-tribe';
import { useRegisterVillageForm } from './use-tribe-forms';

/** /register-village: in the tribe of ?tribe=, or the primary tribe; then to that tribe's villages. */
export function useRegisterVillage() {
  const [params] = useSearchParams();
  const primary = usePrimaryTribe();
  const ref = params.get('tribe') || primary;
  const tribe = useTribe(ref);
  const navigate = useLocaleNavigate();
  const flags = membershipFlags(tribe.data);
  const formState = useRegisterVillageForm(tribe.data?.id, () => navigate(`/tribes/${tribe.data?.slug ?? ''}?tab=villages`));
  return {
    ...formState,
    tribe: tribe.data,
    loading: Boolean(ref) && tribe.isPending,
    noTribe: !ref || tribe.isError,
    canRegister: flags.isMember,
    pendingMember: flags.isPending,
  };
}
