import { useParams } from 'react-router';
import { MessagesPage } from '../features/messages/components/messages-page';

/** /messages and /messages/{id}: conversations and the open thread (issue 41). */
export default function Messages() {
  const { id } = useParams();
  return <MessagesPage conversationId={id} />;
}
