import { ComingSoon } from '../components/coming-soon';

/** Page of an assessment: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function LearningAssessmentPage() {
  return <ComingSoon titleKey="pages.assessment" />;
}
