export * from './users.js';
export * from './contact.js';
export * from './tribes.js';
export * from './posts.js';
export * from './notifications.js';
export * from './money.js';
export * from './crypto.js';
export * from './learning.js';
