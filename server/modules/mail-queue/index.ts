// The mail queue's entry: the app starts its sender; other modules queue mail inside their own
// transaction (enqueueMail takes db or a transaction first) and kick the sender after commit.
export { mailQueuePlugin } from './plugin';
export { enqueueMail, kickMailQueue, type QueuedMessage } from './service';
