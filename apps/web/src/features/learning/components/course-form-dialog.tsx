import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { COURSE_STATUSES, COURSE_UNLOCKS, LEARNING_LIMITS, LOCALES, type Course, type Locale } from '@tribes/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { errorOf, fieldId, nestedFieldProps } from '../form-field';
import { useCourseForm, type CourseFields } from '../use-course-form';

/** A radio group bound to a course field (status, unlock). */
function Choice({
  form,
  name,
  values,
}: {
  form: ReturnType<typeof useCourseForm>['form'];
  name: 'status' | 'unlock';
  values: readonly string[];
}) {
  const { t } = useTranslation();
  const labelId = `${fieldId(name)}-label`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl>
          <FormLabel id={labelId}>{t(`learning.courseForm.${name}`)}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value as CourseFields[typeof name])}
          >
            {values.map((v) => (
              <FormControlLabel key={v} value={v} control={<Radio />} label={t(`learning.courseForm.${name}_${v}`)} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** Creates a course in a tribe, or edits `course`: title, language, cover, description, status, unlocking. */
export function CourseFormDialog({
  open,
  tribeRef,
  course,
  onClose,
  onSaved,
}: {
  open: boolean;
  tribeRef: string;
  course?: Course;
  onClose(): void;
  onSaved(c: Course): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { form, onSubmit, pending } = useCourseForm({ tribeRef, course, onSaved });
  const unlock = form.watch('unlock');
  const description = form.watch('description');
  const titleId = course ? 'edit-course-title' : 'create-course-title';
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t(course ? 'learning.courseForm.editTitle' : 'learning.courseForm.createTitle')}</DialogTitle>
        <DialogContent>
          {!course && <DialogContentText sx={{ mb: 2 }}>{t('learning.courseForm.intro')}</DialogContentText>}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              {...nestedFieldProps(form, 'title')}
              label={t('learning.courseForm.title')}
              required
              htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.titleMax }}
            />
            <TextField
              {...nestedFieldProps(
                form,
                'description',
                t('learning.courseForm.count', { length: description.length, max: LEARNING_LIMITS.descriptionMax }),
              )}
              label={t('learning.courseForm.description')}
              multiline
              minRows={3}
              htmlInput={{ dir: 'auto' }}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <FormControl fullWidth>
                  <InputLabel variant="standard" htmlFor={fieldId('language')}>
                    {t('learning.courseForm.language')}
                  </InputLabel>
                  <NativeSelect
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value as Locale)}
                    inputProps={{ id: fieldId('language'), name: field.name }}
                  >
                    {LOCALES.map((l) => (
                      <option key={l.code} value={l.code} lang={l.code}>
                        {l.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
              )}
            />
            <TextField
              {...nestedFieldProps(form, 'cover_url', t('learning.courseForm.coverHelp'))}
              label={t('learning.courseForm.cover')}
              type="url"
              htmlInput={{ dir: 'ltr', inputMode: 'url' }}
            />
            <Choice form={form} name="status" values={COURSE_STATUSES} />
            <Choice form={form} name="unlock" values={COURSE_UNLOCKS} />
            {unlock === 'drip' && (
              <Controller
                control={form.control}
                name="drip_days"
                render={({ field }) => (
                  <NumberInput
                    id={fieldId('drip_days')}
                    name={field.name}
                    label={t('learning.courseForm.dripDays')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    min={1}
                    max={LEARNING_LIMITS.dripDaysMax}
                    allowDecimal={false}
                    error={Boolean(errorOf(form.formState.errors, 'drip_days'))}
                    helperText={errorOf(form.formState.errors, 'drip_days') ?? t('learning.courseForm.dripHelp')}
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('learning.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="course-save">
            {pending ? t('learning.common.saving') : t(course ? 'learning.common.save' : 'learning.courseForm.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
