import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

export type TribeView = 'list' | 'map';

/** List or map of the same tribes. */
export function ViewToggle({ value, onChange }: { value: TribeView; onChange(v: TribeView): void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      onChange={(_e, v: TribeView | null) => v && onChange(v)}
      aria-label={t('tribes.view.label')}
    >
      <ToggleButton value="list" data-testid="view-list">
        <ViewListOutlinedIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} aria-hidden />
        {t('tribes.view.list')}
      </ToggleButton>
      <ToggleButton value="map" data-testid="view-map">
        <MapOutlinedIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} aria-hidden />
        {t('tribes.view.map')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
