import { hashLinkToken, newLinkToken } from '../auth/link-token';
import type { Post } from '../../shared/api/posts.schemas';
import { COMMENTS_PER_SUBJECT_MAX } from '../../shared/api/comments.schemas';
import {
  type CreateReviewLinkInput,
  CreateReviewLinkSchema,
  REVIEW_LINK_POSTS_MAX,
  REVIEW_LINKS_ACTIVE_MAX,
  type ReviewApproveInput,
  ReviewApproveSchema,
  type ReviewChangesInput,
  ReviewChangesSchema,
  type ReviewCommentInput,
  ReviewCommentSchema,
  type ReviewLink,
  type ReviewLinkMade,
  type ReviewPage,
  type ReviewPost,
} from '../../shared/api/review-links.schemas';
import type { AuditRepo } from '../audit/audit.repo';
import type { SessionUser } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import type { ApprovalsRepo } from '../approvals/approvals.repo';
import { rejectedMail } from '../approvals/approvals.mails';
import { APPROVAL_LATE_MS, approvalTooLate, postChanged } from '../approvals/approvals.service';
import type { CommentsRepo } from '../comments/comments.repo';
import { AppError, notFound } from '../http/errors';
import { createMinuteWindows } from '../http/minute-windows';
import type { MailService } from '../mail/mail.service';
import type { MediaLinks } from '../media/media-links';
import type { PostsService } from '../posts/posts.service';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { ReviewLinkRow, ReviewLinksRepo } from './review-links.repo';

const DAY_MS = 86_400_000;
/** Posts a reviewer can still decide on: not yet going out. */
const OPEN: readonly string[] = ['draft', 'scheduled', 'awaiting_approval'];

/**
 * Per link and minute, whatever the address (the routes limit each address too): a link passed around
 * is read by many, but it is no way to flood a workspace with comments.
 */
const VIEWS_PER_LINK = 300;
const ACTIONS_PER_LINK = 60;

const linkNotFound = () =>
  new AppError(
    404,
    'REVIEW_LINK_NOT_FOUND',
    'This review link does not exist. Check that it was copied whole.',
  );
const closed = () =>
  new AppError(
    409,
    'REVIEW_CLOSED',
    'This post is published or being published: it can no longer be reviewed.',
  );

export interface ReviewLinksServiceDeps {
  repo: ReviewLinksRepo;
  approvals: ApprovalsRepo;
  comments: CommentsRepo;
  posts: Pick<PostsService, 'forReview'>;
  mediaLinks: MediaLinks;
  mail: MailService;
  audit: AuditRepo;
  changes: ChangeFeed;
  publicUrl: string;
  clock: () => Date;
}

/**
 * Client review links (issue 25, decision 042): a member makes a link for chosen posts or a date range;
 * whoever holds it, without an account, sees those posts as the networks will show them and approves
 * them, asks for changes or comments, under a name they give. The link shows nothing else of the
 * workspace.
 */
export function createReviewLinksService(deps: ReviewLinksServiceDeps) {
  const { repo, approvals, comments, posts, mediaLinks, mail, audit, changes, publicUrl, clock } = deps;

  const views = createMinuteWindows(VIEWS_PER_LINK, clock);
  const actions = createMinuteWindows(ACTIONS_PER_LINK, clock);

  const stateOf = (link: ReviewLinkRow, now: Date): ReviewLink['state'] =>
    link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : 'active';
  const toLink = (link: ReviewLinkRow, createdBy: string | null, now: Date): ReviewLink => ({
    id: link.id,
    label: link.label,
    postCount: link.postIds.length,
    createdBy,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    lastUsedAt: link.lastUsedAt?.toISOString() ?? null,
    state: stateOf(link, now),
  });

  /** The link of `token` while it works; a revoked or expired one answers 410 with why. */
  const open = async (token: string, use: 'view' | 'act' = 'act') => {
    const found = await repo.byHash(hashLinkToken(token));
    if (!found) throw linkNotFound();
    const windows = use === 'view' ? views : actions;
    const wait = windows.wait(found.link.id);
    if (wait !== null)
      throw new AppError(429, 'RATE_LIMITED', `This link is used a lot: try again in ${wait} seconds.`, {
        retryAfterSeconds: wait,
      });
    windows.add(found.link.id, 1);
    const state = stateOf(found.link, clock());
    if (state === 'revoked')
      throw new AppError(
        410,
        'REVIEW_LINK_REVOKED',
        'This review link was withdrawn by the team that made it.',
      );
    if (state === 'expired')
      throw new AppError(
        410,
        'REVIEW_LINK_EXPIRED',
        'This review link has expired. Ask the team for a new one.',
      );
    return found;
  };

  /** A post of the link, whole; any other id reads as not found. */
  const postOf = async (link: ReviewLinkRow, id: string) => {
    const [post] = link.postIds.includes(id)
      ? await posts.forReview(link.workspaceId as WorkspaceId, [id])
      : [];
    if (!post) throw notFound('This post');
    return post;
  };

  /** What the page shows of a post: no team comments, no authors, signed media addresses. */
  const toReviewPost = (
    post: Post,
    decision: ReviewPost['decision'],
    said: ReviewPost['comments'],
  ): ReviewPost => ({
    id: post.id,
    content: post.content,
    platforms: post.platforms,
    targets: post.targets.map((t) => ({ platform: t.platform, account: t.account?.username ?? null })),
    // An account's version names the account as its target does: by its name.
    versions: post.versions.map((v) => ({
      ...v,
      account:
        v.account === null
          ? null
          : (post.targets.find((t) => t.account?.id === v.account)?.account?.username ?? null),
    })),
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
    status: post.status,
    contentHash: post.contentHash,
    media: post.media.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: m.name,
      mime: m.mime,
      bytes: m.bytes,
      width: m.width,
      height: m.height,
      durationSeconds: m.durationSeconds,
      url: mediaLinks.linkFor(m.id),
      thumbnailUrl: m.kind === 'image' ? mediaLinks.linkFor(m.id) : null,
      createdAt: m.createdAt,
      alt: m.alt,
      edits: m.edits,
    })),
    decision,
    comments: said,
  });

  /** The link's page: its posts (or only `ids` of them, after an action on one). */
  const page = async (
    found: { link: ReviewLinkRow; workspace: string },
    ids: string[] = found.link.postIds,
  ): Promise<ReviewPage> => {
    const { link } = found;
    const workspaceId = link.workspaceId as WorkspaceId;
    const [list, decisions, said] = await Promise.all([
      posts.forReview(workspaceId, ids),
      repo.decisions(ids),
      repo.guestComments(link.id, ids),
    ]);
    const decided = new Map(decisions.map((d) => [d.postId, d]));
    return {
      workspace: found.workspace,
      label: link.label,
      expiresAt: link.expiresAt.toISOString(),
      posts: list.map((post) => {
        const d = decided.get(post.id);
        return toReviewPost(
          post,
          d
            ? {
                kind: d.kind === 'client_approved' ? 'approved' : 'changes_requested',
                by: d.by ?? '',
                at: d.at.toISOString(),
              }
            : null,
          said
            .filter((c) => c.postId === post.id)
            .map((c) => ({ id: c.id, by: c.by, body: c.body, at: c.at.toISOString() })),
        );
      }),
    };
  };

  /** The post after a reviewer's action, as the page shows it. */
  const after = async (found: { link: ReviewLinkRow; workspace: string }, id: string) => {
    changes.touch('posts', found.link.workspaceId);
    const shown = await page(found, [id]);
    return shown.posts[0]!;
  };

  const guest = (link: ReviewLinkRow, name: string) => ({
    actorId: null,
    actorName: name,
    details: { guest: true, reviewLink: link.id },
  });
  const audited = (link: ReviewLinkRow, name: string, action: string, postId: string) =>
    audit.record({
      actor: { id: null, email: `${name} (review link)` },
      action,
      details: { workspace: link.workspaceId, reviewLink: link.id, postId },
    });

  const addComment = async (link: ReviewLinkRow, post: Post, name: string, body: string) => {
    const made = await comments.create(
      {
        workspaceId: link.workspaceId as WorkspaceId,
        subject: { postId: post.id },
        author: { id: null, name },
        body,
        mentions: [],
        max: COMMENTS_PER_SUBJECT_MAX,
        reviewLinkId: link.id,
        tell: [post.authorId, ...(link.createdBy ? [link.createdBy] : [])],
      },
      async () => {},
    );
    if (made === 'full')
      throw new AppError(
        409,
        'TOO_MANY_COMMENTS',
        `This already has ${COMMENTS_PER_SUBJECT_MAX} comments, the most it can hold.`,
        { params: { max: COMMENTS_PER_SUBJECT_MAX } },
      );
  };

  return {
    async create(actor: SessionUser, input: CreateReviewLinkInput): Promise<ReviewLinkMade> {
      const body = CreateReviewLinkSchema.parse(input);
      const workspaceId = actor.workspace.id;
      const now = clock();
      let postIds: string[];
      if (body.postIds) {
        postIds = [...new Set(body.postIds)];
        if ((await repo.postsAmong(workspaceId, postIds)).length !== postIds.length)
          throw notFound('One of these posts');
      } else {
        postIds = await repo.postsBetween(
          workspaceId,
          new Date(body.from!),
          new Date(body.to!),
          body.platforms ?? null,
          REVIEW_LINK_POSTS_MAX + 1,
        );
        if (!postIds.length)
          throw new AppError(409, 'REVIEW_LINK_EMPTY', 'Nothing is scheduled then on those networks.');
        if (postIds.length > REVIEW_LINK_POSTS_MAX)
          throw new AppError(
            409,
            'REVIEW_LINK_TOO_BIG',
            `More than ${REVIEW_LINK_POSTS_MAX} posts are scheduled then: choose a shorter range.`,
            { params: { max: REVIEW_LINK_POSTS_MAX } },
          );
      }
      if ((await repo.activeCount(workspaceId, now)) >= REVIEW_LINKS_ACTIVE_MAX)
        throw new AppError(
          409,
          'TOO_MANY_REVIEW_LINKS',
          `${REVIEW_LINKS_ACTIVE_MAX} review links work already; withdraw some first.`,
          { params: { max: REVIEW_LINKS_ACTIVE_MAX } },
        );
      const token = newLinkToken();
      const link = await repo.create({
        workspaceId,
        createdBy: actor.id,
        tokenHash: hashLinkToken(token),
        label: body.label,
        postIds,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
      });
      await audit.record({
        actor,
        action: 'review_link.created',
        details: { workspace: workspaceId, reviewLink: link.id, posts: postIds.length },
      });
      return { ...toLink(link, actor.name, now), link: `${publicUrl}/review#${token}` };
    },

    async list(actor: SessionUser) {
      const now = clock();
      return { data: (await repo.list(actor.workspace.id)).map((r) => toLink(r.link, r.createdBy, now)) };
    },

    async revoke(actor: SessionUser, id: string) {
      if (!(await repo.revoke(actor.workspace.id, id, clock()))) throw notFound('This review link');
      await audit.record({
        actor,
        action: 'review_link.revoked',
        details: { workspace: actor.workspace.id, reviewLink: id },
      });
    },

    /** The page of a link: its posts, as the networks will show them. */
    async view(token: string): Promise<ReviewPage> {
      const found = await open(token, 'view');
      await repo.touch(found.link.id, clock());
      return page(found);
    },

    /**
     * Approves a post of the link as the reviewer saw it (`hash`): one waiting for approval is then
     * scheduled; another (scheduled, a draft) keeps its state, the approval on its history.
     */
    async approve(token: string, id: string, input: ReviewApproveInput): Promise<ReviewPost> {
      const { name, hash } = ReviewApproveSchema.parse(input);
      const found = await open(token);
      const post = await postOf(found.link, id);
      if (!OPEN.includes(post.status)) throw closed();
      if (post.contentHash !== hash) throw postChanged();
      const now = clock();
      if (post.status === 'awaiting_approval') {
        const outcome = await approvals.approve(found.link.workspaceId as WorkspaceId, id, {
          hash,
          now,
          tooLateBefore: new Date(now.getTime() - APPROVAL_LATE_MS),
          event: guest(found.link, name),
          kind: 'client_approved',
        });
        if (outcome === 'changed') throw postChanged();
        if (outcome === 'too_late') throw approvalTooLate();
        if (outcome !== 'approved') throw closed();
      } else {
        await approvals.record([{ ...guest(found.link, name), postId: id, kind: 'client_approved' }]);
      }
      await audited(found.link, name, 'review_link.approved', id);
      return after(found, id);
    },

    /**
     * Asks for changes: the post goes back to its author as a draft (unless a network has started on
     * it), with the request as its note and as a comment; the author is told.
     */
    async requestChanges(token: string, id: string, input: ReviewChangesInput): Promise<ReviewPost> {
      const { name, comment } = ReviewChangesSchema.parse(input);
      const found = await open(token);
      const post = await postOf(found.link, id);
      if (!OPEN.includes(post.status)) throw closed();
      const workspaceId = found.link.workspaceId as WorkspaceId;
      if (post.status === 'draft') {
        await approvals.record([
          {
            ...guest(found.link, name),
            postId: id,
            kind: 'changes_requested',
            details: { guest: true, reason: comment },
          },
        ]);
      } else {
        const result = await approvals.reject(workspaceId, id, {
          reason: comment,
          now: clock(),
          event: guest(found.link, name),
          kind: 'changes_requested',
        });
        if (result.outcome !== 'rejected') throw closed();
        const author = await approvals.author(result.post.userId);
        if (author)
          await mail.send(rejectedMail(author, `${name} (review link)`, comment, result.post, publicUrl));
      }
      await addComment(found.link, post, name, comment);
      await audited(found.link, name, 'review_link.changes_requested', id);
      return after(found, id);
    },

    async comment(token: string, id: string, input: ReviewCommentInput): Promise<ReviewPost> {
      const { name, body } = ReviewCommentSchema.parse(input);
      const found = await open(token);
      const post = await postOf(found.link, id);
      await addComment(found.link, post, name, body);
      await audited(found.link, name, 'review_link.commented', id);
      return after(found, id);
    },
  };
}
export type ReviewLinksService = ReturnType<typeof createReviewLinksService>;
