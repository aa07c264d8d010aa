import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, useMapEvents } from 'react-leaflet';
import { roundCoordinate } from '../config';
import type { LocationPickerProps } from '../map-types';
import { MapBase } from './map-base';

const pickIcon = L.divIcon({ className: 'tribes-marker tribes-marker--pick', html: '', iconSize: [22, 22] });

function ClickToPick({ onPick }: { onPick: LocationPickerProps['onPick'] }) {
  useMapEvents({
    click(e) {
      const wrapped = e.latlng.wrap();
      onPick({ lat: roundCoordinate(wrapped.lat), lng: roundCoordinate(wrapped.lng) });
    },
  });
  return null;
}

/** Click (or tap) the map to set a place; the typed latitude and longitude fields are the keyboard way. */
export default function LocationPicker({ value, onPick, label, center, height = 280, readOnly }: LocationPickerProps) {
  const { t } = useTranslation();
  const start = value ?? center ?? { lat: 20, lng: 10 };
  return (
    <MapBase label={label} center={start} zoom={readOnly ? 11 : value || center ? 6 : 2} height={height}>
      {!readOnly && <ClickToPick onPick={onPick} />}
      {value && <Marker position={[value.lat, value.lng]} icon={pickIcon} title={t('tribes.map.pickedPlace')} keyboard={false} />}
    </MapBase>
  );
}
