import './validation.js';

export * from './locales.js';
export * from './constants.js';
export * from './common-passwords.js';
export * from './i18n/index.js';
export * from './validation.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
export * from './schemas/contact.js';
export * from './schemas/tribes.js';
export * from './schemas/posts.js';
export * from './schemas/notifications.js';
export * from './schemas/push.js';
export * from './realtime-events.js';
export * from './schemas/money.js';
export * from './schemas/learning.js';
export * from './contract/index.js';
