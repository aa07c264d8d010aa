import { useState } from 'react';
import { useReports, useResolveReport, type ReportAction, type ReportStatus } from './api';

/** The tribe's report queue: reports by status; each closed with an action and a note (delete and ban confirmed first). */
export function useReportQueue(tribeRef: string) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const list = useReports(tribeRef, status);
  const resolve = useResolveReport();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ id: string; action: ReportAction } | null>(null);
  const run = async (id: string, action: ReportAction) => {
    const ok = await resolve.mutateAsync({ id, action, note: (notes[id] ?? '').trim() }).catch(() => undefined);
    setPending(null);
    if (ok) setNotes(({ [id]: _gone, ...rest }) => rest);
  };
  return {
    status,
    setStatus,
    list,
    reports: list.data?.pages.flatMap((p) => p.items) ?? [],
    note: (id: string) => notes[id] ?? '',
    setNote: (id: string, note: string) => setNotes((n) => ({ ...n, [id]: note })),
    /** Dismiss runs at once; deleting a post or banning its author asks first. */
    act: (id: string, action: ReportAction) => (action === 'dismiss' ? void run(id, action) : setPending({ id, action })),
    confirming: pending,
    confirm: () => (pending ? void run(pending.id, pending.action) : undefined),
    cancel: () => setPending(null),
    busy: resolve.isPending,
  };
}
