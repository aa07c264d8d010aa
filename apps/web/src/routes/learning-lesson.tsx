import { ComingSoon } from '../components/coming-soon';

/** Page of a lesson: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function LearningLessonPage() {
  return <ComingSoon titleKey="pages.lesson" />;
}
