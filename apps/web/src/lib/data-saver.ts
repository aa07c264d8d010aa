import { STORAGE_KEYS } from '@tribes/shared/constants';
import { createStore, useStore } from './external-store';

/** The member's choice on this device: always on, always off, or as the browser asks (Save-Data). */
export type DataSaverChoice = 'auto' | 'on' | 'off';

interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
}

const connection = (): NetworkInformationLike | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

function readChoice(): DataSaverChoice {
  try {
    const v = window.localStorage.getItem(STORAGE_KEYS.dataSaver);
    return v === 'on' || v === 'off' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

/** The stored choice, and whether the browser asks for less data (Chrome's Lite mode sends Save-Data: on). */
const choiceStore = createStore<DataSaverChoice>(typeof window === 'undefined' ? 'auto' : readChoice());
const browserSaveData = createStore<boolean>(connection()?.saveData === true);
connection()?.addEventListener?.('change', () => browserSaveData.set(connection()?.saveData === true));

/** Chooses and remembers the data saver on this device (localStorage `dataSaver`). */
export function setDataSaver(choice: DataSaverChoice): void {
  try {
    if (choice === 'auto') window.localStorage.removeItem(STORAGE_KEYS.dataSaver);
    else window.localStorage.setItem(STORAGE_KEYS.dataSaver, choice);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  choiceStore.set(choice);
}

/** True when pages should load less: small photo copies, fewer posts per page, videos on a tap. */
export const dataSaverOn = (choice = choiceStore.get(), saveData = browserSaveData.get()) =>
  choice === 'on' || (choice === 'auto' && saveData);

/** The choice and whether the saver is on, in a component. */
export function useDataSaver(): { choice: DataSaverChoice; on: boolean; browserAsks: boolean } {
  const choice = useStore(choiceStore);
  const saveData = useStore(browserSaveData);
  return { choice, on: dataSaverOn(choice, saveData), browserAsks: saveData };
}
