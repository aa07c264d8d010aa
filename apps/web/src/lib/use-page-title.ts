import { useEffect } from 'react';

/** Sets the document title to "<page> · Tribes" (screen readers announce it on navigation). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Tribes` : 'Tribes';
  }, [title]);
}
