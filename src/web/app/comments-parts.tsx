import { CommentThread } from '../features/comments/components/comment-thread';
import { useMembers } from '../features/workspaces/api/members';
import { useWorkspaceId } from '../lib/workspace';

/** The workspace's members, whom a comment can mention. */
function useMentionable() {
  const members = useMembers(useWorkspaceId() ?? '');
  return (members.data?.data ?? []).map((m) => ({ userId: m.userId, name: m.name }));
}

/** A post's comments (the comments feature), where its members are the workspaces feature's. */
export function PostComments({ postId }: { postId: string }) {
  return <CommentThread subject={{ postId }} members={useMentionable()} />;
}

/** A recurring post's comments, inside its details' "Comments". */
export function RecurringComments({ recurringId }: { recurringId: string }) {
  return <CommentThread subject={{ recurringId }} members={useMentionable()} withTitle={false} />;
}
