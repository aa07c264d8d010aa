import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UserAccounts } from '../users/index.js';
import { createConversationViews } from './conversation-views.js';
import { createConversationsService } from './conversations.service.js';
import type { ConversationChannels, MessageReports } from './messages.ports.js';
import { createMessagesRepo } from './messages.repo.js';
import { createMessagesService } from './messages.service.js';
import { createMessagesPersonalData } from './personal-data.js';

/** The queue of the every-minute job that mails and pushes messages still unread after 10 minutes. */
export const UNREAD_MESSAGES_QUEUE = 'messages.unread-notices';

/** Wires messages (DESIGN 11.4): conversations, messages, their live events and unread notices. */
export function createMessagesModule(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  realtime: Pick<Realtime, 'emit'>;
  blocks: BlockSource;
  notifications: Pick<NotificationsService, 'notify'>;
  users: Pick<UserAccounts, 'findById'>;
  reports: MessageReports;
  jobs?: Pick<Jobs, 'enabled' | 'define'>;
}) {
  const repo = createMessagesRepo(deps.db);
  const transact = createTransact(deps.db);
  const views = createConversationViews({ repo, storage: deps.storage, realtime: deps.realtime, blocks: deps.blocks });
  const conversations = createConversationsService({ ...deps, repo, views, transact });
  const messages = createMessagesService({ ...deps, repo, views, transact });
  if (deps.jobs?.enabled) {
    deps.jobs.define(UNREAD_MESSAGES_QUEUE, {
      cron: '* * * * *',
      handler: async () => {
        await messages.sendUnreadNotices(deps.clock.now());
      },
    });
  }
  const channels: ConversationChannels = {
    async isMember(conversationId, userId) {
      const member = await repo.member(conversationId, userId);
      return !!member && !member.leftAt && member.status === 'active';
    },
  };
  return { conversations, messages, channels, personalData: createMessagesPersonalData(repo) };
}
