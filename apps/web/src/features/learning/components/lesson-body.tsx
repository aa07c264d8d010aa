import { RichText } from '../../../components/rich-text';

/** A lesson's body as the server rendered it from Markdown and sanitised it. */
export function LessonBody({ html }: { html: string }) {
  return <RichText html={html} testId="lesson-body" />;
}
