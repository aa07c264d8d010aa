import { ComingSoon } from '../components/coming-soon';

/** Page of writing a post: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function CreatePostPage() {
  return <ComingSoon titleKey="pages.createPost" />;
}
