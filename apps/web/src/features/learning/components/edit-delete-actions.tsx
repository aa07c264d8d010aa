import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** An author's "Edit …" and "Delete" buttons beside a course, lesson or assessment heading. */
export function EditDeleteActions({
  what,
  editLabel,
  onEdit,
  onDelete,
}: {
  /** course, lesson or assessment: names the test ids edit-{what} and delete-{what}. */
  what: 'course' | 'lesson' | 'assessment';
  editLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} data-testid={`edit-${what}`}>
        {editLabel}
      </Button>
      <Button color="error" size="small" startIcon={<DeleteOutlineIcon />} onClick={onDelete} data-testid={`delete-${what}`}>
        {t('learning.common.delete')}
      </Button>
    </Stack>
  );
}
