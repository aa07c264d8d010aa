import { useParams } from 'react-router';
import { useCourse } from '../features/learning/api';
import { CourseView } from '../features/learning/components/course-view';
import { LearningGate } from '../features/learning/components/learning-gate';

/** /tribe/learning-center/course/{id}: a course, its progress and outline; authoring for its tribe's leaders. */
export default function LearningCoursePage() {
  const { id } = useParams();
  return (
    <LearningGate query={useCourse(id)} titleKey="pages.course">
      {(course) => <CourseView course={course} />}
    </LearningGate>
  );
}
