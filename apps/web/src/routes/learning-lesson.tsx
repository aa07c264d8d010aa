import { useParams } from 'react-router';
import { useLesson } from '../features/learning/api';
import { LearningGate } from '../features/learning/components/learning-gate';
import { LessonView } from '../features/learning/components/lesson-view';

/** /tribe/learning-center/lesson/{id}: a lesson, "mark as complete", previous and next. */
export default function LearningLessonPage() {
  const { id } = useParams();
  return (
    <LearningGate query={useLesson(id)} titleKey="pages.lesson">
      {(lesson) => <LessonView key={lesson.id} lesson={lesson} />}
    </LearningGate>
  );
}
