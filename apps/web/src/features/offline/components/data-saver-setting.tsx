import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { setDataSaver, useDataSaver, type DataSaverChoice } from '../../../lib/data-saver';

const CHOICES: DataSaverChoice[] = ['auto', 'on', 'off'];

/** The data saver on this device: automatic (the browser's Save-Data), always on, or off. */
export function DataSaverSetting() {
  const { t } = useTranslation();
  const { choice, browserAsks } = useDataSaver();
  return (
    <FormControl component="fieldset">
      <FormLabel
        component="legend"
        sx={{ typography: 'h2', fontSize: '1.2rem', color: 'text.primary', mb: 1 }}
        id="data-saver-heading"
      >
        {t('dataSaver.title')}
      </FormLabel>
      <FormHelperText sx={{ mx: 0, mb: 1 }} id="data-saver-help">
        {t('dataSaver.help')}
      </FormHelperText>
      <RadioGroup
        aria-labelledby="data-saver-heading"
        aria-describedby="data-saver-help"
        value={choice}
        onChange={(_e, v) => setDataSaver(v as DataSaverChoice)}
        data-testid="data-saver"
      >
        {CHOICES.map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio />} label={t(`dataSaver.${c}`)} data-testid={`data-saver-${c}`} />
        ))}
      </RadioGroup>
      {choice === 'auto' && browserAsks && <FormHelperText sx={{ mx: 0 }}>{t('dataSaver.browserAsks')}</FormHelperText>}
    </FormControl>
  );
}
