import { useParams } from 'react-router';
import { useAssessment } from '../features/learning/api';
import { AssessmentView } from '../features/learning/components/assessment-view';
import { LearningGate } from '../features/learning/components/learning-gate';

/** /tribe/learning-center/assessment/{id}: take an assessment, see the graded review; authors edit it. */
export default function LearningAssessmentPage() {
  const { id } = useParams();
  return (
    <LearningGate query={useAssessment(id)} titleKey="pages.assessment">
      {(assessment) => <AssessmentView key={assessment.id} assessment={assessment} />}
    </LearningGate>
  );
}
