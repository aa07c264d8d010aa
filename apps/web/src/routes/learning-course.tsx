import { ComingSoon } from '../components/coming-soon';

/** Page of a course: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function LearningCoursePage() {
  return <ComingSoon titleKey="pages.course" />;
}
