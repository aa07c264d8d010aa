import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { LocationPickerProps, TribesMapProps } from '../map-types';

// Leaflet and its CSS load only with the first map on screen, never with the sign-in page.
const TribesMapImpl = lazy(() => import('./tribes-map'));
const LocationPickerImpl = lazy(() => import('./location-picker'));

const fallback = (height: number | string) => <Skeleton variant="rounded" height={height} data-testid="map-skeleton" />;

export function TribesMap(props: TribesMapProps) {
  return (
    <Suspense fallback={fallback(props.height ?? 480)}>
      <TribesMapImpl {...props} />
    </Suspense>
  );
}

export function LocationPicker(props: LocationPickerProps) {
  return (
    <Suspense fallback={fallback(props.height ?? 280)}>
      <LocationPickerImpl {...props} />
    </Suspense>
  );
}
