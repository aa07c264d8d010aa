import { NOTICE_MS_PER_WORD } from '../../app/config';
import { createStore } from '../../lib/external-store';

export type NoticeColor = 'primary' | 'success' | 'warning' | 'error' | 'info';

/** The snackbar notice of specification section 3. */
export interface Notice {
  message: string;
  color: NoticeColor;
  show: boolean;
  timeoutDuration: number;
  /** Changes with every notice so a repeated message restarts its timer. */
  id: number;
}

/** Specification section 9: a notice stays 2 seconds per word of its message. */
export function noticeDuration(message: string): number {
  const words = message.trim().split(/\s+/u).filter(Boolean).length;
  return Math.max(1, words) * NOTICE_MS_PER_WORD;
}

export const noticeStore = createStore<Notice>({ message: '', color: 'primary', show: false, timeoutDuration: 0, id: 0 });

/** Shows a notice at the top of the page. */
export function notify(message: string, color: NoticeColor = 'primary'): void {
  noticeStore.set((n) => ({ message, color, show: true, timeoutDuration: noticeDuration(message), id: n.id + 1 }));
}

export function dismissNotice(): void {
  noticeStore.set((n) => ({ ...n, show: false }));
}
