import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

/**
 * Said plainly when a page cannot be shown offline (issue 37.10), instead of "not found" or a spinner:
 * `notSaved`, a page this device never opened online; `money`, giving, the wallet and campaigns, which
 * are never kept on the device and need a connection.
 */
export function OfflineUnavailable({ kind, action }: { kind: 'notSaved' | 'money'; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`offline-${kind}`}>
      <EmptyState
        icon={CloudOffOutlinedIcon}
        title={t(`offline.${kind}.title`)}
        body={t(`offline.${kind}.body`)}
        action={action}
      />
    </div>
  );
}
