import { useEffect } from 'react';
import { OfflineUnavailable } from '../components/offline-unavailable';

/**
 * In a page's place when its code was never loaded on this device and the phone is offline (issue 42: the
 * service worker keeps code as it is used, not every page ahead): said plainly, as for a lesson not saved,
 * instead of the error screen; once the phone is back online the page loads again and opens.
 */
export default function PageNotSavedOffline() {
  useEffect(() => {
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return <OfflineUnavailable kind="notSaved" />;
}
